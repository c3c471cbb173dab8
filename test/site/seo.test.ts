import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import worker from '#worker/index'
import { clearMemo } from '#worker/http/memo'
import { posts, routes } from '#worker/db/schema'
import { makePost, makeRoute, makeUser, patchBehind, STATUS, type MadePost, type MadeRoute } from '../factories'
import { PRODUCTION_VARS } from '../helpers'

// Issue 6 §8 "Findable" and the deleted-article page (§2), through the real Worker on the real D1
// binding: every row below is made by this file.

const BASE = 'http://localhost'
const page = (path: string, init?: RequestInit) =>
  (exports as unknown as { default: Fetcher }).default.fetch(`${BASE}${path}`, { redirect: 'manual', ...init })

/** The same Worker with production settings (APP_URL is where canonical links point). */
const PROD = { ...env, ...PRODUCTION_VARS }
async function pageWith(settings: Record<string, unknown>, path: string) {
  const ctx = createExecutionContext()
  const res = await worker.fetch(
    new Request(`${BASE}${path}`) as Parameters<typeof worker.fetch>[0],
    settings as never,
    ctx,
  )
  await waitOnExecutionContext(ctx)
  return res
}

// ── Reading a page's head ─────────────────────────────────────────────────────────────────────

const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'))

interface Head {
  title: string
  description: string | null
  robots: string | null
  canonical: string | null
  og: Record<string, string[]>
  alternates: Record<string, string>
  jsonLd: any[]
}

function readHead(html: string): Head {
  const head = headOf(html)
  const one = (re: RegExp) => {
    const m = re.exec(head)
    return m ? unescape(m[1]!) : null
  }
  const og: Record<string, string[]> = {}
  for (const m of head.matchAll(/<meta property="([^"]+)" content="([^"]*)">/g))
    (og[m[1]!] ??= []).push(unescape(m[2]!))
  const alternates: Record<string, string> = {}
  for (const m of head.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g))
    alternates[m[1]!] = unescape(m[2]!)
  return {
    title: one(/<title>(.*?)<\/title>/s) ?? '',
    description: one(/<meta name="description" content="([^"]*)">/),
    robots: one(/<meta name="robots" content="([^"]*)">/),
    canonical: one(/<link rel="canonical" href="([^"]*)">/),
    og,
    alternates,
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((m) =>
      JSON.parse(m[1]!),
    ),
  }
}
const boot = (html: string) => JSON.parse(/<script id="__BOOT__"[^>]*>(.*?)<\/script>/s.exec(html)![1]!)

async function dbTime(table: 'routes' | 'posts', id: number, column: 'updated_at' | 'published_at') {
  const row = await env.DB.prepare(`SELECT ${column} AS t FROM ${table} WHERE id = ?`).bind(id).first<{ t: number }>()
  return new Date(row!.t).toISOString()
}

// ── Rows ──────────────────────────────────────────────────────────────────────────────────────

let author: { id: number; name: string }
let bothEs: MadeRoute // 'calma-profunda' in Spanish (SEO columns, cover, author) ...
let bothEn: MadeRoute // ... and in English (no SEO columns)
let onlyEs: MadeRoute
let hiddenRoute: MadeRoute
let postEs: MadePost // 'respirar-mejor' in both languages
let postEn: MadePost
let bylined: MadePost
let tricky: MadePost
let hiddenPost: MadePost
let deletedEs: MadePost
let deletedEn: MadePost
let scheduled: MadePost
let unindexed: MadePost
const TRICKY_TITLE = 'Cierra </script><script>alert(1)</script> "comillas" & más'
const TRICKY_DESC = 'Dice "hola" <b>fuerte</b> & sigue'

beforeAll(async () => {
  clearMemo()
  author = await makeUser({ name: 'Ana Autora' })
  bothEs = await makeRoute({
    slug: 'calma-profunda',
    title: 'Calma profunda',
    description: 'Una ruta para bajar el ritmo.',
    createdBy: author.id,
    images: { cover: 'covers/calma profunda.jpg' },
    units: [
      { title: 'Respirar', durationSeconds: 300 },
      { title: 'Soltar', durationSeconds: 600 },
    ],
  })
  await patchBehind(routes, bothEs.id, {
    seoTitle: 'Calma profunda: audios guiados para la ansiedad',
    seoDescription: 'Dos audios guiados para bajar el ritmo, a tu paso.',
  })
  bothEn = await makeRoute({
    language: 'en',
    slug: 'calma-profunda',
    title: 'Deep calm',
    description: 'A route to slow down.',
    units: 1,
  })
  onlyEs = await makeRoute({ slug: 'solo-en-espanol', title: 'Solo en español', units: 1 })
  hiddenRoute = await makeRoute({ slug: 'ruta-oculta-seo', title: 'Ruta oculta', status: STATUS.hidden })

  postEs = await makePost({
    slug: 'respirar-mejor',
    title: 'Respirar mejor',
    description: 'Tres ideas para respirar mejor.',
    content: '<h2>Uno</h2><p>Texto.</p>',
    tags: ['respiración', 'calma'],
    timeForReading: 4,
  })
  await patchBehind(posts, postEs.id, {
    createdBy: author.id,
    images: { cover: 'https://images.unsplash.com/photo-respirar?w=1520' },
  })
  postEn = await makePost({
    language: 'en',
    slug: 'respirar-mejor',
    title: 'Breathe better',
    content: '<p>Three ideas to breathe better, one at a time.</p>',
  })
  bylined = await makePost({ slug: 'con-firma', title: 'Con firma' })
  await patchBehind(posts, bylined.id, { author: 'Lucía Ortega', createdBy: author.id })
  tricky = await makePost({ slug: 'titulo-peligroso', title: TRICKY_TITLE, description: TRICKY_DESC })
  hiddenPost = await makePost({ slug: 'articulo-oculto', title: 'Artículo oculto', status: STATUS.hidden })
  deletedEs = await makePost({
    slug: 'articulo-borrado',
    title: 'Artículo borrado',
    deletedAt: new Date('2025-03-01T00:00:00Z'),
  })
  deletedEn = await makePost({
    language: 'en',
    slug: 'deleted-article',
    title: 'Deleted article',
    deletedAt: new Date('2025-03-01T00:00:00Z'),
  })
  scheduled = await makePost({
    slug: 'articulo-futuro',
    title: 'Artículo futuro',
    publishedAt: new Date(Date.now() + 86_400_000),
  })
  unindexed = await makePost({ slug: 'sin-indexar', title: 'Sin indexar' })
  await patchBehind(posts, unindexed.id, { index: false })
})

// ── Route pages ───────────────────────────────────────────────────────────────────────────────

describe('a route page', () => {
  it('has its own title, description, canonical, Open Graph, hreflang and Course JSON-LD, in Spanish', async () => {
    const res = await page(`/route/${bothEs.slug}`)
    expect(res.status).toBe(200)
    const h = readHead(await res.text())
    expect(h.title).toBe('Calma profunda: audios guiados para la ansiedad · Calma')
    expect(h.description).toBe('Dos audios guiados para bajar el ritmo, a tu paso.')
    expect(h.robots).toBeNull()
    expect(h.canonical).toBe(`${BASE}/route/calma-profunda`)
    expect(h.alternates).toEqual({
      es: `${BASE}/route/calma-profunda`,
      en: `${BASE}/en/route/calma-profunda`,
      'x-default': `${BASE}/route/calma-profunda`,
    })
    expect(h.og['og:title']).toEqual(['Calma profunda: audios guiados para la ansiedad'])
    expect(h.og['og:description']).toEqual(['Dos audios guiados para bajar el ritmo, a tu paso.'])
    expect(h.og['og:url']).toEqual([`${BASE}/route/calma-profunda`])
    expect(h.og['og:type']).toEqual(['website'])
    expect(h.og['og:locale']).toEqual(['es_ES'])
    expect(h.og['og:locale:alternate']).toEqual(['en_US'])
    expect(h.og['og:image']).toEqual([`${BASE}/media/covers/calma%20profunda.jpg`])

    expect(h.jsonLd).toHaveLength(1)
    const course = h.jsonLd[0]
    expect(course).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: 'Calma profunda',
      description: 'Dos audios guiados para bajar el ritmo, a tu paso.',
      url: `${BASE}/route/calma-profunda`,
      inLanguage: 'es',
      image: [`${BASE}/media/covers/calma%20profunda.jpg`],
      provider: { '@type': 'Organization', name: 'Calma', url: `${BASE}/` },
      author: { '@type': 'Person', name: 'Ana Autora' },
      timeRequired: 'PT15M',
    })
    expect(course.hasPart).toEqual([
      { '@type': 'CreativeWork', position: 1, name: 'Respirar', timeRequired: 'PT5M' },
      { '@type': 'CreativeWork', position: 2, name: 'Soltar', timeRequired: 'PT10M' },
    ])
  })

  it('falls back to title and description in English, and links back to the Spanish version', async () => {
    const res = await page(`/en/route/${bothEn.slug}`)
    expect(res.status).toBe(200)
    const h = readHead(await res.text())
    expect(h.title).toBe('Deep calm · Calma')
    expect(h.description).toBe('A route to slow down.')
    expect(h.canonical).toBe(`${BASE}/en/route/calma-profunda`)
    expect(h.alternates).toEqual({
      es: `${BASE}/route/calma-profunda`,
      en: `${BASE}/en/route/calma-profunda`,
      'x-default': `${BASE}/route/calma-profunda`,
    })
    expect(h.og['og:locale']).toEqual(['en_US'])
    expect(h.og['og:locale:alternate']).toEqual(['es_ES'])
    expect(h.og['og:image']).toBeUndefined()
    expect(h.jsonLd[0]).toMatchObject({
      '@type': 'Course',
      name: 'Deep calm',
      inLanguage: 'en',
      author: { '@type': 'Organization', name: 'Calma' },
    })
    expect(h.jsonLd[0].image).toBeUndefined()
  })

  it('links only the languages the route exists in', async () => {
    const h = readHead(await (await page(`/route/${onlyEs.slug}`)).text())
    expect(h.alternates).toEqual({ es: `${BASE}/route/${onlyEs.slug}`, 'x-default': `${BASE}/route/${onlyEs.slug}` })
    expect(h.og['og:locale:alternate']).toBeUndefined()
    // Its English URL is a not-found page: no canonical, no alternates, noindex.
    const missing = await page(`/en/route/${onlyEs.slug}`)
    expect(missing.status).toBe(404)
    const m = readHead(await missing.text())
    expect(m.robots).toBe('noindex')
    expect(m.canonical).toBeNull()
    expect(m.alternates).toEqual({})
    expect(m.jsonLd).toEqual([])
  })

  it('points canonical and Open Graph URLs at APP_URL in production', async () => {
    const res = await pageWith(PROD, `/route/${bothEs.slug}`)
    expect(res.status).toBe(200)
    const h = readHead(await res.text())
    expect(h.canonical).toBe('https://calma.example/route/calma-profunda')
    expect(h.alternates.en).toBe('https://calma.example/en/route/calma-profunda')
    expect(h.og['og:image']).toEqual(['https://calma.example/media/covers/calma%20profunda.jpg'])
    expect(h.jsonLd[0].url).toBe('https://calma.example/route/calma-profunda')
  })
})

// ── Post pages ────────────────────────────────────────────────────────────────────────────────

describe('a post page', () => {
  it('has its own head and Article JSON-LD in Spanish, with the author who created it', async () => {
    const res = await page(`/post/${postEs.slug}`)
    expect(res.status).toBe(200)
    const h = readHead(await res.text())
    expect(h.title).toBe('Respirar mejor · Calma')
    expect(h.description).toBe('Tres ideas para respirar mejor.')
    expect(h.canonical).toBe(`${BASE}/post/respirar-mejor`)
    expect(h.alternates).toEqual({
      es: `${BASE}/post/respirar-mejor`,
      en: `${BASE}/en/post/respirar-mejor`,
      'x-default': `${BASE}/post/respirar-mejor`,
    })
    expect(h.og['og:type']).toEqual(['article'])
    expect(h.og['og:url']).toEqual([`${BASE}/post/respirar-mejor`])
    expect(h.og['og:image']).toEqual(['https://images.unsplash.com/photo-respirar?w=1520'])
    expect(h.og['og:locale']).toEqual(['es_ES'])
    const published = await dbTime('posts', postEs.id, 'published_at')
    const modified = await dbTime('posts', postEs.id, 'updated_at')
    expect(h.og['article:published_time']).toEqual([published])
    expect(h.og['article:modified_time']).toEqual([modified])

    const article = h.jsonLd[0]
    expect(article).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'Respirar mejor',
      description: 'Tres ideas para respirar mejor.',
      inLanguage: 'es',
      datePublished: published,
      dateModified: modified,
      image: ['https://images.unsplash.com/photo-respirar?w=1520'],
      author: { '@type': 'Person', name: 'Ana Autora' },
      publisher: { '@type': 'Organization', name: 'Calma' },
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${BASE}/post/respirar-mejor` },
      keywords: 'respiración, calma',
      timeRequired: 'PT4M',
    })
  })

  it('in English: the description comes from the text when there is none, the brand is the author', async () => {
    const res = await page(`/en/post/${postEn.slug}`)
    expect(res.status).toBe(200)
    const h = readHead(await res.text())
    expect(h.title).toBe('Breathe better · Calma')
    expect(h.description).toBe('Three ideas to breathe better, one at a time.')
    expect(h.canonical).toBe(`${BASE}/en/post/respirar-mejor`)
    expect(h.alternates['es']).toBe(`${BASE}/post/respirar-mejor`)
    expect(h.og['og:locale']).toEqual(['en_US'])
    expect(h.jsonLd[0]).toMatchObject({
      '@type': 'Article',
      headline: 'Breathe better',
      inLanguage: 'en',
      author: { '@type': 'Organization', name: 'Calma' },
    })
  })

  it("prefers the article's byline as its author, and links only its own language", async () => {
    const h = readHead(await (await page(`/post/${bylined.slug}`)).text())
    expect(h.jsonLd[0].author).toEqual({ '@type': 'Person', name: 'Lucía Ortega' })
    expect(h.alternates).toEqual({ es: `${BASE}/post/${bylined.slug}`, 'x-default': `${BASE}/post/${bylined.slug}` })
  })

  it('escapes a title with </script> and quotes everywhere it goes', async () => {
    const res = await page(`/post/${tricky.slug}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).not.toContain('</script><script>alert(1)')
    const head = headOf(html)
    // No attribute or script of the head carries the raw quotes or markup.
    expect(head).not.toContain('"comillas"')
    expect(head).not.toContain('<script>alert')
    expect(head).toContain(
      '<title>Cierra &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;comillas&quot; &amp; más · Calma</title>',
    )
    expect(head).toContain(
      `<meta property="og:title" content="Cierra &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;comillas&quot; &amp; más">`,
    )
    expect(head).toContain('<meta name="description" content="Dice &quot;hola&quot; fuerte &amp; sigue">')
    // JSON-LD: `<` is \u003c inside the script, and the data reads back unchanged.
    const raw = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(head)![1]!
    expect(raw).not.toContain('<')
    expect(raw).toContain('\\u003c/script\\u003e')
    const h = readHead(html)
    expect(h.title).toBe(`${TRICKY_TITLE} · Calma`)
    expect(h.jsonLd[0].headline).toBe(TRICKY_TITLE)
  })

  it('keeps a post an editor marked not to index out of search results', async () => {
    const h = readHead(await (await page(`/post/${unindexed.slug}`)).text())
    expect(h.robots).toBe('noindex')
    expect(h.canonical).toBeNull()
  })
})

// ── Other pages ───────────────────────────────────────────────────────────────────────────────

describe('other pages', () => {
  it('keep the page title, a description, a canonical and hreflang in both languages', async () => {
    const home = readHead(await (await page('/')).text())
    expect(home.canonical).toBe(`${BASE}/`)
    expect(home.alternates).toEqual({ es: `${BASE}/`, en: `${BASE}/en/`, 'x-default': `${BASE}/` })
    expect(home.description).toBeTruthy()
    const blog = readHead(await (await page('/en/blog/?page=2')).text())
    expect(blog.title).toBe('Blog · Calma')
    expect(blog.canonical).toBe(`${BASE}/en/blog`)
    expect(blog.description).toContain('Articles on anxiety')
    expect(blog.robots).toBeNull()
    // A search's answer is not indexed.
    expect(readHead(await (await page('/blog?keyword=calma')).text()).robots).toBe('noindex')
    expect(readHead(await (await page('/routes?keyword=calma')).text()).robots).toBe('noindex')
  })
})

// ── /sitemap.xml and /robots.txt ──────────────────────────────────────────────────────────────

/** The <url> entries of a sitemap, by <loc>. */
function urlsOf(xml: string) {
  const out = new Map<string, { lastmod: string | null; alternates: Record<string, string> }>()
  for (const m of xml.matchAll(/<url>(.*?)<\/url>/gs)) {
    const body = m[1]!
    const loc = /<loc>(.*?)<\/loc>/.exec(body)![1]!
    const alternates: Record<string, string> = {}
    for (const a of body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g))
      alternates[a[1]!] = a[2]!
    out.set(loc, { lastmod: /<lastmod>(.*?)<\/lastmod>/.exec(body)?.[1] ?? null, alternates })
  }
  return out
}

describe('/sitemap.xml', () => {
  it('lists every public page of both languages with alternates and lastmod, and leaves out the rest', async () => {
    const res = await page('/sitemap.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/xml')
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
    const xml = await res.text()
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"')
    const urls = urlsOf(xml)

    for (const path of [
      '/',
      '/en/',
      '/routes',
      '/en/routes',
      '/blog',
      '/en/blog',
      '/terms',
      '/en/privacy',
      '/contact',
      '/get-a-plan-for-insomnia',
    ]) {
      expect(urls.has(`${BASE}${path}`), path).toBe(true)
    }
    expect(urls.get(`${BASE}/`)!.alternates).toEqual({ es: `${BASE}/`, en: `${BASE}/en/`, 'x-default': `${BASE}/` })

    // A route and a post in both languages, linked to each other.
    const both = {
      es: `${BASE}/route/calma-profunda`,
      en: `${BASE}/en/route/calma-profunda`,
      'x-default': `${BASE}/route/calma-profunda`,
    }
    expect(urls.get(both.es)).toEqual({
      lastmod: (await dbTime('routes', bothEs.id, 'updated_at')).replace('.000Z', 'Z'),
      alternates: both,
    })
    expect(urls.get(both.en)?.alternates).toEqual(both)
    const post = {
      es: `${BASE}/post/respirar-mejor`,
      en: `${BASE}/en/post/respirar-mejor`,
      'x-default': `${BASE}/post/respirar-mejor`,
    }
    expect(urls.get(post.es)?.alternates).toEqual(post)
    expect(urls.get(post.en)?.lastmod).toBe((await dbTime('posts', postEn.id, 'updated_at')).replace('.000Z', 'Z'))
    // One language only: only its own alternate.
    expect(urls.get(`${BASE}/route/${onlyEs.slug}`)?.alternates).toEqual({
      es: `${BASE}/route/${onlyEs.slug}`,
      'x-default': `${BASE}/route/${onlyEs.slug}`,
    })
    expect(urls.has(`${BASE}/post/${tricky.slug}`)).toBe(true)

    // Hidden, deleted, scheduled and unindexed content, private pages and flow steps are not listed.
    const absent = [
      `/route/${hiddenRoute.slug}`,
      `/post/${hiddenPost.slug}`,
      `/post/${deletedEs.slug}`,
      `/en/post/${deletedEn.slug}`,
      `/post/${scheduled.slug}`,
      `/post/${unindexed.slug}`,
      '/profile',
      '/journey',
      '/login',
      '/post-deleted',
      '/__dev/outbox',
      '/get-a-plan-for-insomnia/thanks',
    ]
    for (const path of absent) expect(urls.has(`${BASE}${path}`), path).toBe(false)
    expect(xml).not.toContain(':slug')
  })

  it('uses APP_URL in production', async () => {
    const xml = await (await pageWith(PROD, '/sitemap.xml')).text()
    expect(xml).toContain('<loc>https://calma.example/route/calma-profunda</loc>')
    expect(xml).not.toContain(BASE)
  })
})

describe('/robots.txt', () => {
  it('keeps crawlers off the API, the local helpers and sign-in pages, and points to the sitemap', async () => {
    const res = await page('/robots.txt')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/plain')
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/)
    const lines = (await res.text()).split('\n')
    expect(lines[0]).toBe('User-agent: *')
    for (const path of [
      '/v1/',
      '/__dev/',
      '/profile',
      '/en/profile',
      '/journey',
      '/en/journey',
      '/subscription',
      '/ranking',
    ]) {
      expect(lines, path).toContain(`Disallow: ${path}`)
    }
    for (const path of ['/routes', '/blog', '/route', '/post']) expect(lines, path).not.toContain(`Disallow: ${path}`)
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`)
    const prod = await (await pageWith(PROD, '/robots.txt')).text()
    expect(prod).toContain('Sitemap: https://calma.example/sitemap.xml')
  })

  it('asks not to be crawled at all on staging', async () => {
    const res = await pageWith({ ...PROD, APP_ENV: 'staging' }, '/robots.txt')
    expect(await res.text()).toBe('User-agent: *\nDisallow: /\n')
  })
})

// ── The deleted-article page ──────────────────────────────────────────────────────────────────

describe('a deleted post', () => {
  it('answers its URL with the deleted-article page, 410 Gone, in Spanish', async () => {
    const res = await page(`/post/${deletedEs.slug}`)
    expect(res.status).toBe(410)
    const html = await res.text()
    expect(boot(html)).toMatchObject({
      page: 'postDeleted',
      locale: 'es',
      status: 410,
      data: null,
      path: `/post/${deletedEs.slug}`,
    })
    expect(html).toContain('<h1>Este artículo ya no está disponible</h1>')
    expect(html).toContain('href="/blog"')
    expect(html).toContain('href="/routes"')
    expect(html).not.toContain('Artículo borrado')
    const h = readHead(html)
    expect(h.title).toBe('Artículo eliminado · Calma')
    expect(h.robots).toBe('noindex')
    expect(h.canonical).toBeNull()
    expect(h.alternates).toEqual({})
  })

  it('in English too', async () => {
    const res = await page(`/en/post/${deletedEn.slug}`)
    expect(res.status).toBe(410)
    const html = await res.text()
    expect(boot(html)).toMatchObject({ page: 'postDeleted', locale: 'en' })
    expect(html).toContain('<h1>This article is no longer available</h1>')
    expect(html).toContain('href="/en/blog"')
    expect(html).toContain('href="/en/routes"')
    expect(readHead(html).robots).toBe('noindex')
  })

  it('also for a hidden post; a slug that never existed, or not yet published, stays not-found', async () => {
    expect((await page(`/post/${hiddenPost.slug}`)).status).toBe(410)
    for (const path of ['/post/nunca-existio', `/post/${scheduled.slug}`, `/en/post/${deletedEs.slug}`]) {
      const res = await page(path)
      expect(res.status, path).toBe(404)
      expect(boot(await res.text()).page, path).toBe('notFound')
    }
  })

  it('/post-deleted itself shows the same page, kept out of search results', async () => {
    const res = await page('/en/post-deleted')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('This article is no longer available')
    expect(readHead(html).robots).toBe('noindex')
  })
})
