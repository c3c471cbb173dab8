import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { messagesFor } from '#shared/i18n/messages'
import { ROUTABLE, type PageId } from '#client/app/pages.ts'
import worker from '#worker/index'
import { clearMemo } from '#worker/http/memo'
import { lazyPage } from '#worker/ssr/lazy-pages'
import { plans } from '#worker/db/schema'
import { givenRows, makePost, makeRoute, makeSymptom, STATUS, type MadePost, type MadeRoute } from '../factories'
import { PRODUCTION_VARS } from '../helpers'
import { register, sessionCookie } from '../users/support'

// Each render's data is already held to its page's contract by the server in test runs (a
// mismatch is a console.error, which fails the test: test/setup.ts). These tests check that
// each page shows its own content, with rows this file made.

const page = (path: string, init?: RequestInit) =>
  (exports as unknown as { default: Fetcher }).default.fetch(`http://localhost${path}`, { redirect: 'manual', ...init })

const boot = (html: string) => JSON.parse(/<script id="__BOOT__"[^>]*>(.*?)<\/script>/s.exec(html)![1]!)
const titleTag = (html: string) => /<title>(.*?)<\/title>/s.exec(html)?.[1] ?? ''
/** Text as render.tsx escapes it into <title>. */
const esc = (s: string) =>
  s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!)
/** Text as React escapes it into an element. */
const reactText = (s: string) => esc(s).replace(/'/g, '&#x27;')
type Locale = 'es' | 'en'
/** A message by its key, straight from the catalogue ('pages.routes' → 'Rutas'). */
const text = (locale: Locale, key: string): string => {
  const v = key.split('.').reduce<any>((o, k) => o?.[k], messagesFor(locale))
  if (typeof v !== 'string' || !v) throw new Error(`no ${locale} text for ${key}`)
  return v
}
/**
 * Every Suspense boundary (the first-touch parts: the banner, the footer, a page's charts and
 * forms) is in the page where it stands, not a hidden segment (`<div hidden id="S:…">`) that
 * React's inline script (`$RC`) moves in up to ~300 ms after the first paint: a second layout of
 * the whole page on a phone (render.tsx, components/TouchPart.tsx preloadTouchParts).
 */
const expectEveryBoundaryInline = (html: string, path: string) => {
  expect(html, path).not.toMatch(/<template id="B:|<div hidden id="S:|\$RC\(/)
}
const prefixOf = (locale: Locale) => (locale === 'en' ? '/en' : '')

const byOrder = (a: MadeRoute, b: MadeRoute) => a.order - b.order || a.id - b.id
const newestFirst = (a: MadePost, b: MadePost) => b.publishedAt!.getTime() - a.publishedAt!.getTime()
const day = (n: number) => new Date(Date.UTC(2025, 5, 1) + n * 86_400_000)

const made = {
  es: { routes: [] as MadeRoute[], posts: [] as MadePost[], tests: [] as MadePost[], plans: [] as MadePost[] },
  en: { routes: [] as MadeRoute[], posts: [] as MadePost[], tests: [] as MadePost[], plans: [] as MadePost[] },
}
let steps: MadeRoute // es, 4 units
let calm: MadeRoute // en, 2 units
let faro: MadeRoute // es, the only one a 'faro' search finds
let journal: MadePost // es, with h2/h3
let journalEn: MadePost

beforeAll(async () => {
  // The footer lists and the landing carousel are cached per isolate: start from this file's rows.
  clearMemo()
  const insomnio = await makeSymptom({ slug: 'insomnio', title: 'Insomnio' })
  steps = await makeRoute({
    slug: 'calma-en-cuatro-pasos',
    title: 'Calma en cuatro pasos',
    description: 'Una ruta breve para las noches largas.',
    order: 1,
    symptoms: [{ id: insomnio.id, primary: true }],
    units: ['Paso uno: respirar', 'Paso dos: soltar', 'Paso tres: escuchar', 'Paso cuatro: descansar'].map((title) => ({
      title,
    })),
  })
  faro = await makeRoute({ slug: 'faro-interior', title: 'Faro interior', order: 2, units: 1 })
  made.es.routes.push(steps, faro)
  // 20 visible Spanish routes in all: the landing carousel shows the first 18.
  for (let i = 3; i <= 20; i++)
    made.es.routes.push(await makeRoute({ slug: `paseo-${i}`, title: `Paseo sereno ${i}`, order: i }))
  await makeRoute({ slug: 'ruta-escondida', title: 'Ruta escondida', order: 0, status: STATUS.hidden })
  calm = await makeRoute({
    language: 'en',
    slug: 'calm-in-four-steps',
    title: 'Calm in four steps',
    order: 1,
    units: [{ title: 'Breathe in' }, { title: 'Let go' }],
  })
  made.en.routes.push(calm)
  for (let i = 2; i <= 3; i++)
    made.en.routes.push(await makeRoute({ language: 'en', slug: `walk-${i}`, title: `Quiet walk ${i}`, order: i }))

  const words = { es: { test: 'Test', plan: 'Plan' }, en: { test: 'test', plan: 'plan' } }
  for (const locale of ['es', 'en'] as const) {
    for (const kind of ['test', 'plan'] as const) {
      for (let i = 0; i < 3; i++) {
        const title = locale === 'es' ? `${words.es[kind]} número ${i + 1}` : `Number ${i + 1} ${words.en[kind]}`
        const p = await makePost({
          language: locale,
          slug: `${locale}-${kind}-${i}`,
          title,
          publishedAt: day(i + (kind === 'plan' ? 3 : 0)),
        })
        made[locale][kind === 'test' ? 'tests' : 'plans'].push(p)
        made[locale].posts.push(p)
      }
    }
  }
  journal = await makePost({
    slug: 'diario-de-calma',
    title: 'Diario de calma',
    content: '<h2>Antes de dormir</h2><p>Apaga las pantallas.</p><h3>La luz</h3><p>Baja la luz.</p>',
    timeForReading: 6,
    publishedAt: day(10),
  })
  journalEn = await makePost({
    language: 'en',
    slug: 'calm-journal',
    title: 'Calm journal',
    content: '<h2>Before bed</h2><p>Screens off.</p>',
    publishedAt: day(10),
  })
  made.es.posts.push(journal)
  made.en.posts.push(journalEn)
  // The plan page shows a plan found by its slug in the page's language.
  await givenRows(
    plans,
    { language: 'es', slug: 'any-plan', title: 'Plan de prueba' },
    { language: 'en', slug: 'any-plan', title: 'Test plan' },
  )
})

/** A path of page `id` in `locale`, with the slugs this file made. */
function pathOf(id: PageId, path: string, locale: Locale) {
  const slug = {
    route: locale === 'es' ? steps.slug : calm.slug,
    post: locale === 'es' ? journal.slug : journalEn.slug,
    plan: 'any-plan',
  }[id as string]
  return prefixOf(locale) + path.replace(':slug', slug ?? 'x')
}

/** A 200 page whose title, <title>, boot and <main> are page `id`'s own, in `locale`. */
async function expectOwnPage(res: Response, id: PageId, titleKey: string, locale: Locale, where: string) {
  expect(res.status, where).toBe(200)
  expect(res.headers.get('content-type'), where).toContain('text/html')
  const html = await res.text()
  const title = text(locale, titleKey)
  expect(html, where).toContain(`<html lang="${locale}">`)
  // Route and post pages carry their content's own <title> (issue 6 §8; test/site/seo.test.ts).
  if (id !== 'route' && id !== 'post')
    expect(titleTag(html).startsWith(esc(title)), `${where}: <title>${titleTag(html)}</title> is not "${title}"`).toBe(
      true,
    )
  expect(html, where).toContain(`<main id="main" class="page page-${id}`)
  const b = boot(html)
  expect(b.page, where).toBe(id)
  expect(b.title, where).toBe(title)
  expect(b.locale, where).toBe(locale)
  return { html, boot: b }
}

describe('server-rendered pages', () => {
  it('renders the Spanish home with its data, then the English one under /en/', async () => {
    const es = await page('/')
    const { html, boot: b } = await expectOwnPage(es, 'home', 'pages.home', 'es', '/')
    expect(html).toContain('Iniciar sesión')
    expect(html).toContain(esc(text('es', 'home.hero_title')))
    expect(b.user).toBeNull()
    // The carousel: the first 18 visible routes by order, the hidden one left out.
    const first18 = [...made.es.routes].sort(byOrder).slice(0, 18)
    expect(b.data.routes.map((r: any) => r.slug)).toEqual(first18.map((r) => r.slug))
    // Each route as its card shows it and no more (every visitor downloads these bytes).
    for (const r of b.data.routes)
      expect(Object.keys(r).sort()).toEqual(['description', 'id', 'images', 'slug', 'title', 'units_count'])
    // It is in the HTML itself, not only after hydration.
    for (const r of first18) expect(html).toContain(r.title)
    expect(html).not.toContain('Ruta escondida')
    // The footer: 3 'test' and 3 'plan' posts of this language, newest first.
    const links = (list: MadePost[]) => [...list].sort(newestFirst).map(({ slug, title }) => ({ slug, title }))
    expect(b.footer).toEqual({ tests: links(made.es.tests), plans: links(made.es.plans) })
    for (const p of made.es.tests) expect(html).toContain(`href="/post/${p.slug}"`)

    const en = await page('/en/')
    const enPage = await expectOwnPage(en, 'home', 'pages.home', 'en', '/en/')
    expect(enPage.html).toContain('Sign In')
    expect(enPage.boot.data.routes.map((r: any) => r.slug)).toEqual(
      [...made.en.routes].sort(byOrder).map((r) => r.slug),
    )
    expect(enPage.boot.footer).toEqual({ tests: links(made.en.tests), plans: links(made.en.plans) })
  })

  it('puts the CSP nonce on every script it emits', async () => {
    const res = await page('/')
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy')!)![1]
    const html = await res.text()
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
    expect(scripts.length).toBeGreaterThan(2)
    for (const s of scripts) expect(s).toContain(`nonce="${nonce}"`)
  })

  it('names a PNG favicon, never an SVG one (chromium draws an SVG favicon as a document on the page’s main thread)', async () => {
    for (const path of ['/', '/en/', '/login', '/offline']) {
      const html = await (await page(path)).text()
      const icons = [...html.matchAll(/<link rel="icon"[^>]*>/g)].map((m) => m[0])
      expect(icons, path).toEqual(['<link rel="icon" href="/icons/favicon-48.png" sizes="48x48" type="image/png">'])
      expect(html, path).not.toMatch(/<link[^>]*\.svg/)
    }
  })

  it('escapes data embedded for hydration so it cannot close the script tag', async () => {
    const html = await (await page('/routes?keyword=%3C/script%3E%3Cscript%3Ealert(1)%3C/script%3E')).text()
    expect(html).not.toContain('</script><script>alert(1)')
    expect(boot(html).data.keyword).toBe('</script><script>alert(1)</script>')
  })

  it('renders every page of the table for a visitor with its own title, or sends them to sign in', async () => {
    let checked = 0
    for (const { id, entry } of ROUTABLE) {
      if (entry.devOnly) continue
      for (const locale of ['es', 'en'] as const) {
        const path = pathOf(id, entry.path, locale)
        const res = await page(path)
        if (entry.access === 'user') {
          expect(res.status, path).toBe(302)
          expect(res.headers.get('location'), path).toBe(
            `${prefixOf(locale)}/login?redirect=${encodeURIComponent(path)}`,
          )
        } else {
          const { html, boot: b } = await expectOwnPage(res, id, entry.title, locale, path)
          expect(b.user, path).toBeNull()
          expectEveryBoundaryInline(html, path)
        }
        checked++
      }
    }
    expect(checked).toBe(2 * ROUTABLE.filter((p) => !p.entry.devOnly).length)
  })

  it('renders every page for a signed-in user: user pages with their title, guest pages go to the journey', async () => {
    const r = await register({ name: 'Marta Prueba' }, 'es')
    const cookie = sessionCookie(r.res)
    expect(cookie).toBeTruthy()
    const headers = { cookie: `calma_session=${cookie}` }
    for (const { id, entry } of ROUTABLE) {
      if (entry.devOnly) continue
      for (const locale of ['es', 'en'] as const) {
        const path = pathOf(id, entry.path, locale)
        const res = await page(path, { headers })
        if (entry.access === 'guest') {
          expect(res.status, path).toBe(302)
          expect(res.headers.get('location'), path).toBe(`${prefixOf(locale)}/journey`)
        } else if (id === 'admin') {
          // Signed in is not enough: admins and publishers only (test/admin/admin.test.ts).
          expect(res.status, path).toBe(403)
          await res.text()
        } else {
          const { html, boot: b } = await expectOwnPage(res, id, entry.title, locale, path)
          expect(b.user, path).toMatchObject({ id: r.id, name: 'Marta Prueba' })
          expect(b.footer, path).toBeNull()
          expectEveryBoundaryInline(html, path)
          // Users get the header with the page title (bare pages have no header at all).
          if (entry.bare) expect(html, path).not.toContain('data-testid="header"')
          else expect(html, path).toContain(`<h1 class="header-title">${reactText(text(locale, entry.title))}</h1>`)
        }
      }
    }
  })

  // Decision 077: which signed-in pages wait for the person's first touch to start React.
  it('marks a signed-in person’s everyday pages to wait for the first touch, with the bell painted; pages whose code acts at once are not', async () => {
    const r = await register({ name: 'Tomás Toque' }, 'es')
    const headers = { cookie: `calma_session=${sessionCookie(r.res)}` }
    // The page's __ASSETS__ (built runs only: tests render with `vite dev`'s plain entry) says
    // `lazy` when lazyPage answers true for the page's boot.
    for (const path of [
      '/journey',
      '/performance',
      '/profile',
      '/routes',
      '/blog',
      '/en/journey',
      '/appointments',
      '/downloads',
    ]) {
      const res = await page(path, { headers })
      expect(res.status, path).toBe(200)
      const html = await res.text()
      expect(lazyPage(boot(html)), path).toBe(true)
      // The bell is the server's, before React (its menu comes with React).
      expect(html, path).toContain('data-bell="early"')
    }
    // /appointments' booking tab reads its psychologists in the browser (decision 081).
    for (const path of ['/appointments?tab=make_an_appointment', '/help', `/route/${steps.slug}`]) {
      const res = await page(path, { headers })
      expect(res.status, path).toBe(200)
      expect(lazyPage(boot(await res.text())), path).toBe(false)
    }
    // A visitor's pages as before (decision 062).
    expect(lazyPage({ user: null, page: 'home' })).toBe(true)
    expect(lazyPage({ user: null, page: 'journey' })).toBe(false)
  })

  it('shows on the routes page the search box, the badges and what the keyword finds', async () => {
    const res = await page('/routes?keyword=faro')
    const { html, boot: b } = await expectOwnPage(res, 'routes', 'pages.routes', 'es', '/routes')
    expect(html).toContain(`placeholder="${text('es', 'routes_page.placeholder')}"`)
    expect(b.data.keyword).toBe('faro')
    expect(b.data.routes.map((r: any) => r.slug)).toEqual([faro.slug])
    expect(html).toContain('Faro interior')
    // No symptom matches 'faro': the general badges are offered (those with visible routes).
    expect(b.data.symptoms.map((s: any) => s.slug)).toEqual(['insomnio'])
    const all = boot(await (await page('/routes')).text())
    expect(all.data.routes.map((r: any) => r.slug)).toEqual(
      [...made.es.routes]
        .sort(byOrder)
        .slice(0, 7)
        .map((r) => r.slug),
    )
  })

  it('shows a route page with its units and asks visitors to sign in to play', async () => {
    const res = await page(`/route/${steps.slug}`)
    const { html, boot: b } = await expectOwnPage(res, 'route', 'pages.route', 'es', steps.slug)
    expect(html).toContain('<h1>Calma en cuatro pasos</h1>')
    expect(html).toContain('Una ruta breve para las noches largas.')
    expect(b.data.route.slug).toBe(steps.slug)
    expect(b.data.route.units.map((u: any) => u.title)).toEqual(steps.units.map((u) => u.title))
    const shown = [...html.matchAll(/<li class="unit">.*?<strong>(.*?)<\/strong>/gs)].map((m) => m[1])
    expect(shown).toEqual(steps.units.map((u) => u.title))
    // One sign-in button per unit (counted in the page, not in the embedded messages).
    const body = html.slice(0, html.indexOf('<script id="__BOOT__"'))
    expect(body.split('Inicia sesión para reproducir').length - 1).toBe(4)

    const en = await page(`/en/route/${calm.slug}`)
    const enPage = await expectOwnPage(en, 'route', 'pages.route', 'en', calm.slug)
    expect(enPage.html).toContain('<h1>Calm in four steps</h1>')
    expect(enPage.boot.data.route.units.map((u: any) => u.title)).toEqual(['Breathe in', 'Let go'])
    expect(enPage.html).toContain('Sign in to play')

    // A Spanish slug under /en, a hidden route, a missing one: not found, in the page's language.
    for (const path of [`/en/route/${steps.slug}`, '/route/ruta-escondida', '/route/nope']) {
      const missing = await page(path)
      expect(missing.status, path).toBe(404)
      expect(boot(await missing.clone().text()).page, path).toBe('notFound')
    }
    expect(await (await page('/route/nope')).text()).toContain('No encontramos lo que estás buscando.')
  })

  it('shows the blog with its newest posts and its pager, and an article with its headings', async () => {
    const blog = await page('/blog')
    const { html, boot: b } = await expectOwnPage(blog, 'blog', 'pages.blog', 'es', '/blog')
    const newest5 = [...made.es.posts].sort(newestFirst).slice(0, 5)
    expect(b.data.posts.map((p: any) => p.slug)).toEqual(newest5.map((p) => p.slug))
    expect(b.data.pagination).toMatchObject({ current_page: 1, per_page: 5, total: 7, last_page: 2 })
    expect(html).toContain('Página 1 de 2')
    // The article without 'test' or 'plan' is not a footer link: only the blog list shows it.
    expect(html).toContain(`href="/post/${journal.slug}"`)
    const p2 = boot(await (await page('/blog?page=2')).text())
    expect(p2.data.posts.map((p: any) => p.slug)).toEqual(
      [...made.es.posts]
        .sort(newestFirst)
        .slice(5)
        .map((p) => p.slug),
    )

    const post = await page(`/post/${journal.slug}`)
    const article = await expectOwnPage(post, 'post', 'pages.post', 'es', journal.slug)
    expect(article.html).toContain('<h1>Diario de calma</h1>')
    // Headings carry anchors, and the table of contents links to them.
    expect(article.html).toContain('<h2 id="antes-de-dormir">Antes de dormir</h2>')
    expect(article.html).toContain(
      '<li class="toc-h3" data-number="1.1"><span class="toc-n">1.1</span> <a href="#la-luz">La luz</a></li>',
    )
    expect(article.html).toContain('6 min de lectura')
    expect(article.boot.data.post).toMatchObject({ slug: journal.slug, time_for_reading: 6 })

    const en = await page(`/en/post/${journalEn.slug}`)
    expect((await expectOwnPage(en, 'post', 'pages.post', 'en', journalEn.slug)).html).toContain(
      '<h2 id="before-bed">Before bed</h2>',
    )

    const missingPost = await page('/post/no-such-article')
    expect(missingPost.status).toBe(404)
    expect(boot(await missingPost.text()).page).toBe('notFound')
  })

  it('answers unknown paths with the not-found page and its frame, in the right language', async () => {
    const res = await page('/en/this-does-not-exist')
    expect(res.status).toBe(404)
    const html = await res.text()
    expect(html).toContain('We did not find what you are looking for.')
    expect(html).toContain('data-testid="header"')
    expect(boot(html)).toMatchObject({ page: 'notFound', locale: 'en' })
  })

  it('keeps the query when the login redirect is built, and /en goes to /en/', async () => {
    const res = await page('/en/appointments?tab=make_an_appointment')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(
      `/en/login?redirect=${encodeURIComponent('/en/appointments?tab=make_an_appointment')}`,
    )
    const en = await page('/en')
    expect(en.status).toBe(301)
    expect(en.headers.get('location')).toBe('/en/')
  })

  it('lists every page of the page table at /__dev/pages in local and test runs (e2e/a11y.e2e.mjs visits them)', async () => {
    const res = await page('/__dev/pages')
    expect(res.status).toBe(200)
    const listed = (await res.json()) as { id: string; path: string; access: string }[]
    expect(listed.map((p) => p.id)).toEqual(ROUTABLE.map((r) => r.id))
    expect(listed.find((p) => p.id === 'route')).toMatchObject({ path: '/route/:slug', access: 'public' })
    expect(listed.find((p) => p.id === 'admin')).toMatchObject({ path: '/admin', access: 'user' })
  })

  it('serves the local outbox page in local and test runs, and 404 in production', async () => {
    const res = await page('/__dev/outbox')
    const local = await expectOwnPage(res, 'outbox', 'pages.outbox', 'es', '/__dev/outbox') // APP_ENV=test counts as local
    expect(local.boot.env).toBe('test')

    // The same Worker with production settings: every secret a production run requires.
    const production = { ...env, ...PRODUCTION_VARS }
    for (const path of ['/__dev/outbox', '/en/__dev/outbox']) {
      const ctx = createExecutionContext()
      const prod = await worker.fetch(
        new Request(`http://localhost${path}`) as Parameters<typeof worker.fetch>[0],
        production as never,
        ctx,
      )
      await waitOnExecutionContext(ctx)
      // A 503 would be the production config check refusing: its body names what is missing.
      expect(prod.status, `${path} ${prod.status === 503 ? await prod.clone().text() : ''}`).toBe(404)
      const b = boot(await prod.text())
      expect(b.page, path).toBe('notFound')
      expect(b.data, path).toBeNull()
    }
  })
})
