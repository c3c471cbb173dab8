// Found from outside (issue 32, decision 036 "Found from outside (HTML)"): sinks the post-body
// work did not cover, each as it was seen on the code before its fix.
// - A cover (posts' `image_cover`, routes' `image_cover` / `image_square`) was any line of text,
//   served as it was stored into `<img src>` and `<link rel="preload" as="image">` on the blog,
//   the article, the route page and every route card: `/logout` signed every signed-in reader out
//   (a picture is a same-origin GET), `//www.facebook.com/tr?…` or `/\www.google.com/…` fired an
//   ad beacon before any consent (the CSP's img-src lists those hosts for the consented tags).
//   The open-redirect URLs of PayloadsAllTheThings are each tried as a cover.
// - The hydration JSON dropped U+2028 and U+2029 from every string, so a title holding one was
//   another text in the browser than in the server's HTML: a hydration mismatch, and React threw
//   the server's page away and painted it again on the client.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import redirects from '../corpus/xss/outside/payloadsallthethings-open-redirect-urls.json'
import { people, send } from '../admin/support'
import { posts } from '#worker/db/schema'
import { makePost, makeRoute, patch, unique } from '../factories'
import { api, json } from '../helpers'

const page = (path: string) => api(path, { headers: { accept: 'text/html' } })

/** Covers seen doing harm, and the open-redirect research's URLs. */
const HOSTILE_COVERS = [
  '/logout',
  '/en/logout',
  '/media/../logout',
  '/media/%2e%2e/logout',
  '../logout',
  'covers/../../logout',
  '//www.facebook.com/tr?id=1&ev=PageView',
  '/\\www.google.com/images/x.jpg',
  'https://www.google-analytics.com/collect?v=1&t=pageview',
  'https://www.facebook.com/tr?id=2&ev=PageView',
  'http://images.unsplash.com/photo-1',
  'https://images.unsplash.com@www.facebook.com/tr',
  'javascript:alert(1)',
  'data:image/svg+xml,<svg onload=alert(1)>',
  '/v1/user/logout',
  ...redirects.vectors.map((v) => v.input),
]

/** Every picture a page asks the browser for, from its HTML (img src, preload hrefs). */
function picturesOf(html: string): string[] {
  const out: string[] = []
  for (const m of html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/g)) out.push(m[1]!)
  for (const m of html.matchAll(/<link\b[^>]*\bas="image"[^>]*\bhref="([^"]*)"/g)) out.push(m[1]!)
  for (const m of html.matchAll(/<link\b[^>]*\bhref="([^"]*)"[^>]*\bas="image"/g)) out.push(m[1]!)
  return out.map((u) => u.replace(/&amp;/g, '&'))
}

/** A picture a reader's browser may load: a file of this site's media, or Unsplash over https. */
function loadable(url: string): boolean {
  const site = 'https://site.invalid'
  let u: URL
  try {
    u = new URL(url, `${site}/post/x`)
  } catch {
    return false
  }
  if (u.origin === site) return u.pathname.startsWith('/media/') && !/[\\]/.test(url) && !url.startsWith('//')
  return u.protocol === 'https:' && u.host === 'images.unsplash.com' && !u.username && !u.password
}

let publisher: string
let admin: string
beforeAll(async () => {
  ;({
    publisher: { token: publisher },
    admin: { token: admin },
  } = await people())
})

describe('covers are pictures of this site or Unsplash, nothing a reader would fetch elsewhere', () => {
  it(
    'a hostile post cover is refused on save with a translated field error, and nothing is written',
    { timeout: 60_000 },
    async () => {
      const before = await env.DB.prepare('SELECT count(*) AS n FROM posts').first<{ n: number }>()
      const accepted: string[] = []
      const words = new Set<string>()
      for (let i = 0; i < HOSTILE_COVERS.length; i += 16)
        await Promise.all(
          HOSTILE_COVERS.slice(i, i + 16).map(async (cover, j) => {
            const locale = (i + j) % 2 ? 'en' : 'es'
            const form = { language: 'es', slug: unique('portada'), title: 'Portada', image_cover: cover }
            const res = await send('POST', '/v1/post', publisher, form, locale)
            expect(res.status, cover).toBeLessThan(500)
            if (res.status !== 422) return void accepted.push(`${res.status} ${cover}`)
            const body = await json(res)
            expect(body.errors?.image_cover, cover).toHaveLength(1)
            words.add(`${locale}: ${body.errors.image_cover[0]}`)
          }),
        )
      expect(accepted, 'covers a save accepted').toEqual([])
      // One message per language, and the two differ.
      expect([...words].sort()).toHaveLength(2)
      expect(await env.DB.prepare('SELECT count(*) AS n FROM posts').first<{ n: number }>()).toEqual(before)
    },
  )

  it('a hostile route cover or square picture is refused on save too', async () => {
    for (const field of ['image_cover', 'image_square'])
      for (const cover of ['/logout', '//www.facebook.com/tr?id=1&ev=PageView', 'https://www.google.com/x.gif']) {
        const form = { language: 'es', slug: unique('ruta'), title: 'Ruta', [field]: cover }
        const res = await send('POST', '/v1/route', admin, form, 'es')
        expect(res.status, `${field} ${cover}`).toBe(422)
        expect((await json(res)).errors?.[field], `${field} ${cover}`).toHaveLength(1)
      }
  })

  it('what editors do pick is kept: an upload key, a /media/ path, an Unsplash picture', async () => {
    for (const cover of [
      'uploads/post_cover/abc-1.png',
      '/media/uploads/post_cover/x.webp',
      'https://images.unsplash.com/photo-1?ixid=1&w=1520&h=880&fit=crop',
    ]) {
      const res = await send('POST', '/v1/post', publisher, {
        language: 'es',
        slug: unique('portada'),
        title: 'Portada buena',
        image_cover: cover,
      })
      expect(res.status, cover).toBe(201)
    }
  })

  it(
    'a hostile cover already stored is not served: not in the API, the article, the blog or the route page',
    { timeout: 60_000 },
    async () => {
      const covers = HOSTILE_COVERS.slice(0, 13)
      const problems: string[] = []
      for (const cover of covers) {
        const post = await makePost({ language: 'es', title: unique('Con portada'), content: '<p>x</p>' })
        await patch(posts, post.id, { images: { cover } })
        const route = await makeRoute({ title: unique('Ruta con portada'), units: 1, images: { cover, square: cover } })
        const listed = (await json(await api(`/v1/posts?filters[slug]=${post.slug}&with_properties=images`))).posts[0]
        const served = listed?.images?.cover
        if (served != null && !loadable(served)) problems.push(`API post cover ${JSON.stringify(served)} from ${cover}`)
        const routes = (await json(await api(`/v1/routes?with_properties=images&filters[slug]=${route.slug}`)))
          .routes[0]
        for (const k of ['cover', 'square'] as const) {
          const v = routes?.images?.[k]
          if (v != null && !loadable(v)) problems.push(`API route ${k} ${JSON.stringify(v)} from ${cover}`)
        }
        for (const path of [`/post/${post.slug}`, `/route/${route.slug}`, '/blog']) {
          const res = await page(path)
          expect(res.status, path).toBe(200)
          for (const src of picturesOf(await res.text()))
            if (!loadable(src)) problems.push(`${path}: a picture at ${JSON.stringify(src)} from ${cover}`)
        }
      }
      expect(problems).toEqual([])
    },
  )
})

describe('the hydration data says what the page says', () => {
  it('a title with U+2028 or U+2029 reaches the browser as the server wrote it', async () => {
    const title = `Antes\u2028medio\u2029después`
    const post = await makePost({ language: 'es', title, content: '<p>x\u2028y</p>' })
    const html = await (await page(`/post/${post.slug}`)).text()
    const boot = /<script id="__BOOT__" type="application\/json"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!
    const data = JSON.parse(boot) as { data: { post: { title: string; content: string } } }
    expect(html).toContain(`<h1>${title}</h1>`)
    expect(data.data.post.title).toBe(title)
    expect(data.data.post.content).toBe('<p>x\u2028y</p>')
    // And the block still holds no raw line separator (some JSON readers take it for a line break).
    expect(boot).not.toMatch(/[\u2028\u2029]/)
  })
})

describe('every kind of answer carries the CSP, and odd addresses are 4xx', () => {
  // Percent-encodings that are not UTF-8, NUL, a lone surrogate's encoding, 5,000 characters,
  // on the pages with a slug, the API's slug filter and the other routes of the Worker.
  const ODD = [
    '%ff',
    '%00',
    '%ED%A0%80',
    '%E0%A4%A',
    '%2e%2e%2f%2e%2e%2flogout',
    'a'.repeat(5000),
    '%0d%0aSet-Cookie:x=1',
  ]
  const PATHS = (s: string) => [
    `/post/${s}`,
    `/en/post/${s}`,
    `/route/${s}`,
    `/en/route/${s}`,
    `/${s}`,
    `/blog?keyword=${s}&page=${s}`,
    `/routes?keyword=${s}`,
    `/en/routes?keyword=${s}`,
    `/media/${s}`,
    `/i18n/${s}`,
    `/appointment/${s}/calendar.ics`,
    `/unsubscribe?token=${s}`,
    `/v1/posts?filters[slug]=${s}`,
    `/v1/posts?filters%5Bslug%5D=${s}&with_properties=${s}`,
  ]

  it('no 5xx; every HTML answer, error pages included, has a nonce CSP', { timeout: 60_000 }, async () => {
    const problems: string[] = []
    const paths = [...ODD.flatMap(PATHS), '/no-such-page', '/en/no-such-page', '/v1/no-such-call', '/logout']
    await Promise.all(
      paths.map(async (path) => {
        const res = await page(path)
        if (res.status >= 500) problems.push(`${res.status} ${path.slice(0, 80)}`)
        const csp = res.headers.get('content-security-policy') ?? ''
        if (!/script-src[^;]*'nonce-[^']+'[^;]*'strict-dynamic'/.test(csp))
          problems.push(`no nonce CSP on ${res.status} ${path.slice(0, 80)}`)
        if (res.headers.get('content-type')?.startsWith('text/html')) {
          const html = await res.text()
          const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
          for (const m of html.matchAll(/<script\b[^>]*>/gi))
            if (!nonce || !m[0].includes(`nonce="${nonce}"`))
              problems.push(`${path.slice(0, 60)}: a script without the nonce`)
        } else await res.body?.cancel()
      }),
    )
    expect(problems).toEqual([])
  })
})
