import { useEffect, useRef, useState } from 'react'
import { trackEvent } from '#client/features/site/tracking.ts'
import type { RoutesPageData } from '#shared/contract/content'
import { DELAYS_MS, PAGE_SIZE } from '#shared/limits'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { backHref } from '#client/app/back.ts'
import { call, contract } from '#client/api.ts'
import { Carousel } from '#client/components/Carousel.tsx'
import { RouteCard } from './RouteCard'

const { listRoutes, listSymptoms } = contract(() => import('#shared/contract/content'))
const { listPosts } = contract(() => import('#shared/contract/posts'))

/** Route search (SPEC §2 "/routes"): symptom badges, routes and posts, 700 ms after typing stops. */
export default function Routes({ data }: PageProps<RoutesPageData>) {
  const { t, href, boot } = usePage()
  const [keyword, setKeyword] = useState(data.keyword)
  const [results, setResults] = useState(data)
  const [busy, setBusy] = useState(false)
  const first = useRef(true)
  // Each search gets a number; only the latest one may show its answer (an older, slower
  // answer arriving after a newer one is dropped).
  const latest = useRef(0)

  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    const run = async () => {
      const mine = ++latest.current
      setBusy(true)
      const search = keyword.trim() || undefined
      const [r, p, s] = await Promise.all([
        call(listRoutes, { input: { search, per_page: PAGE_SIZE.routesSearch, with_properties: 'images' } }),
        call(listPosts, { input: { search, per_page: PAGE_SIZE.postsSearch } }),
        call(listSymptoms, { input: { search, symptoms_with_routes: true, per_page: PAGE_SIZE.symptoms } }),
      ])
      if (mine !== latest.current) return
      setBusy(false)
      setResults((prev) => ({
        keyword,
        routes: r.success ? r.routes : prev.routes,
        posts: p.success ? p.posts : prev.posts,
        symptoms: s.success && s.symptoms.length ? s.symptoms : prev.symptoms,
      }))
      const url = new URL(window.location.href)
      if (search) url.searchParams.set('keyword', search)
      else url.searchParams.delete('keyword')
      window.history.replaceState(null, '', url)
      // SPEC §7 notes: a search event after a search longer than 3 characters (first-party only);
      // the page is this one's locale-free path ('/routes').
      if (search && search.length > 3) void trackEvent('search', { page: boot.path, search: search.slice(0, 200) })
    }
    const id = window.setTimeout(() => void run(), DELAYS_MS.searchDebounce)
    return () => window.clearTimeout(id)
  }, [keyword, boot.path])

  const nothing = !results.routes.length && !results.posts.length
  return (
    <div className="routes-page">
      {/* Back goes to the journey for a signed-in person, else home (SPEC §2); the header's too. */}
      <a className="back-link" href={backHref(boot, href) ?? undefined}>
        ← {t('frame.back')}
      </a>
      <h1>{boot.title}</h1>
      <label className="search-box">
        <span className="visually-hidden">{t('routes_page.placeholder')}</span>
        <input
          type="search"
          value={keyword}
          placeholder={t('routes_page.placeholder')}
          onChange={(e) => setKeyword(e.target.value)}
          data-testid="routes-search"
          autoComplete="off"
          maxLength={200}
        />
      </label>
      {results.symptoms.length > 0 && (
        <div className="badges" role="group" aria-label={t('routes_page.suggested')}>
          {results.symptoms.map((s) => (
            <button
              type="button"
              className="badge"
              key={s.id}
              onClick={() => setKeyword(s.title)}
              data-testid="symptom-badge"
            >
              {s.title}
            </button>
          ))}
        </div>
      )}
      <div aria-busy={busy} aria-live="polite">
        {nothing ? (
          <p className="empty" data-testid="routes-empty">
            {t('routes_page.nothing')}{' '}
            <a
              href={href('suggestions', { query: { keyword: results.keyword.trim() || undefined } })}
              data-testid="routes-suggest"
            >
              {t('routes_page.create_for_you')}
            </a>
          </p>
        ) : (
          <>
            {results.routes.length > 0 && (
              <section>
                <h2>{t('routes_page.routes')}</h2>
                <Carousel
                  label={t('routes_page.routes')}
                  autoplayMs={0}
                  items={results.routes.map((r) => (
                    <RouteCard key={r.id} route={r} />
                  ))}
                />
              </section>
            )}
            {results.posts.length > 0 && (
              <section>
                <h2>{t('routes_page.posts')}</h2>
                <ul className="post-list">
                  {results.posts.map((p) => (
                    <li key={p.id}>
                      <a href={href('post', { slug: p.slug })}>{p.title}</a>
                      {p.description && <p>{p.description}</p>}
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </div>
    </div>
  )
}
