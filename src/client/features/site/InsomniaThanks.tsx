import { useEffect } from 'react'
import { LANDING_ROUTE } from '#shared/landings'
import { DELAYS_MS } from '#shared/limits'
import { usePage, type PageProps } from '#client/app/context.tsx'
import './landing.css'

/**
 * The insomnia landing's thanks page (SPEC §2: no header or navigation): where a sign-up through
 * Google or Apple from the landing returns, and the ad platforms' conversion page (only after
 * consent: features/site/consent/vendors.ts). After 3 s, the kit's first route.
 */
export default function InsomniaThanks(_: PageProps) {
  const { t, href, locale } = usePage()
  const route = href('route', { slug: LANDING_ROUTE.insomnia[locale] })
  useEffect(() => {
    const id = window.setTimeout(() => window.location.assign(route), DELAYS_MS.redirectAfterRegister)
    return () => window.clearTimeout(id)
  }, [route])
  return (
    <section className="landing-thanks" data-testid="insomnia-thanks">
      <h1>{t('landing.thanks_title')}</h1>
      <p className="lead">{t('landing.thanks_body')}</p>
      <a className="button button-primary" href={route}>
        {t('landing.thanks_go')}
      </a>
    </section>
  )
}
