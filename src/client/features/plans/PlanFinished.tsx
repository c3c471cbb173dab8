import { useEffect } from 'react'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { notify } from '#client/stores/toasts.ts'
import { SparkIcon } from './icons'
import './plans.css'

/** The plan is finished (SPEC §4): the congratulation, and on to the next plan. */
export default function PlanFinished(_: PageProps) {
  const { t, href } = usePage()
  useEffect(() => {
    notify(t('plan_finished.congratulation'), 'success')
  }, [t])
  return (
    <section className="lock-page plan-finished" data-testid="plan-finished">
      <p className="lock-icon" aria-hidden="true">
        <SparkIcon size={40} />
      </p>
      <h1>{t('plan_finished.title')}</h1>
      <p className="lead">{t('plan_finished.body')}</p>
      <p>{t('plan_finished.next')}</p>
      <a className="button button-primary" href={href('journey')} data-testid="plan-finished-continue">
        {t('plan_finished.continue')}
      </a>
    </section>
  )
}
