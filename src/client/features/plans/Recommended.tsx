import type { RecommendationDto } from '#shared/contract/care'
import { usePage } from '#client/app/context.tsx'

/**
 * "From your psychologist" on /journey (issue 44 §3): what a psychologist recommended after a
 * session, with their note; each route opens for the person whatever their plan's order. Newest
 * first; a psychologist who has left is named as such, as their past sessions are (decision 058).
 */
export function Recommended({ list }: { list: readonly RecommendationDto[] }) {
  const { t, href, locale } = usePage()
  const shown = list.filter((r) => r.routes.length > 0)
  if (!shown.length) return null
  // The day only, in UTC on both sides: the server's page and the hydrated one say the same.
  const day = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso))
  return (
    <section className="recommended" aria-labelledby="recommended-title" data-testid="recommended">
      <h2 id="recommended-title">{t('care.from_psychologist')}</h2>
      {shown.map((r) => (
        <article key={r.id} className="recommended-item" data-testid="recommendation">
          <p className="recommended-who">
            {r.host ? t('care.from_named', { name: r.host.name }) : t('care.host_left')}
            <span className="muted"> · {t('care.recommended_on', { date: day(r.created_at) })}</span>
          </p>
          {r.note && (
            <blockquote className="recommended-note" data-testid="recommendation-note">
              <p>{r.note}</p>
            </blockquote>
          )}
          <ul className="recommended-routes">
            {r.routes.map((route) => (
              <li key={route.id}>
                <a href={href('route', { slug: route.slug })} data-testid="recommended-route">
                  {route.title}
                </a>
                {route.progress >= 100 ? (
                  <span className="recommended-done"> · {t('care.done')}</span>
                ) : (
                  route.progress > 0 && <span className="muted"> · {route.progress}%</span>
                )}
              </li>
            ))}
          </ul>
        </article>
      ))}
    </section>
  )
}
