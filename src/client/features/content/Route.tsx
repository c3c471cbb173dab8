import type { RoutePageData } from '#shared/contract/content'
import { usePage, type PageProps } from '#client/app/context.tsx'

/** A route (SPEC §2 "/route/{slug}"): its units; playing needs a signed-in user. */
export default function Route({ data, boot }: PageProps<RoutePageData>) {
  const { t, href } = usePage()
  const route = data.route
  const back = href(boot.user || boot.query.plan_id ? 'journey' : 'routes')
  return (
    <article className="route-page">
      <a className="back-link" href={back}>← {t('frame.back')}</a>
      <h1>{route.title}</h1>
      {route.description && <p className="lead">{route.description}</p>}
      <div className="badges">
        {route.symptoms.map((s) => (
          <a className="badge" key={s.id} href={href('routes', { query: { keyword: s.title } })}>{s.title}</a>
        ))}
      </div>
      <h2>{t('route_page.units')}</h2>
      <ol className="units" data-testid="units">
        {route.units?.map((u) => (
          <li key={u.id} className="unit">
            <div>
              <strong>{u.title}</strong>
              {u.description && <p>{u.description}</p>}
            </div>
            <span className="chip">{t('route_page.minutes', { n: Math.max(1, Math.round((u.duration_seconds ?? 60) / 60)) })}</span>
            {!boot.user && (
              <a className="button button-small" href={href('login', { query: { redirect: href('route', { slug: route.slug }) } })}>
                {t('route_page.login_to_play')}
              </a>
            )}
          </li>
        ))}
      </ol>
    </article>
  )
}
