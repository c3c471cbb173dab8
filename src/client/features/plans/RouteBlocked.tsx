import type { RouteBlockPageData } from '#shared/contract/plans'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { LockIcon } from './icons'
import './plans.css'
import { ActionLinks } from '#client/components/ActionLinks.tsx'

/** A route the person's plan still holds locked (SPEC §4, §8): why, and the way back to the plan. */
export default function RouteBlocked({ data }: PageProps<RouteBlockPageData>) {
  const { t, href } = usePage()
  const block = data.block
  return (
    <section className="lock-page" data-testid="route-blocked">
      <p className="lock-icon" aria-hidden="true">
        <LockIcon size={40} />
      </p>
      <h1>{block ? t('route_blocked.title') : t('route_blocked.open_now')}</h1>
      {block && (
        <>
          <p className="lead">
            <strong>{block.route.title}</strong>
          </p>
          <p data-testid="lock-message">{block.lock_message}</p>
          <p>{t('route_blocked.body')}</p>
        </>
      )}
      <ActionLinks
        className="plan-actions"
        actions={[
          { href: href('journey'), label: t('route_blocked.go_journey') },
          block
            ? {
                href: href('plan', { slug: block.plan.slug, query: { plan_id: block.plan.id } }),
                label: block.plan.title,
              }
            : null,
        ]}
      />
    </section>
  )
}
