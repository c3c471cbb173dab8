import { beforeAll, describe, expect, it } from 'vitest'
import { PAGES } from '../../src/shared/pages'
import { seedContent } from '../factories'
import { api } from '../helpers'

import { exports } from 'cloudflare:workers'
const page = (path: string, init?: RequestInit) =>
  (exports as unknown as { default: Fetcher }).default.fetch(`http://localhost${path}`, { redirect: 'manual', ...init })

beforeAll(async () => {
  await seedContent()
})

const boot = (html: string) => JSON.parse(/<script id="__BOOT__"[^>]*>(.*?)<\/script>/s.exec(html)![1]!)

describe('server-rendered pages', () => {
  it('renders the Spanish home with its data, then the English one under /en/', async () => {
    const es = await page('/')
    expect(es.status).toBe(200)
    expect(es.headers.get('content-type')).toContain('text/html')
    const html = await es.text()
    expect(html).toContain('<html lang="es">')
    expect(html).toContain('Iniciar sesión')
    const b = boot(html)
    expect(b).toMatchObject({ page: 'home', locale: 'es', user: null })
    expect(b.data.routes).toHaveLength(18)
    expect(b.footer.tests).toHaveLength(3)
    expect(b.footer.plans).toHaveLength(3)
    // The carousel is in the HTML itself, not only after hydration.
    expect(html).toContain(b.data.routes[0].title)
    const en = await (await page('/en/')).text()
    expect(en).toContain('<html lang="en">')
    expect(en).toContain('Sign In')
    expect(boot(en).data.routes.every((r: any) => r.language === 'en')).toBe(true)
  })

  it('puts the CSP nonce on every script it emits', async () => {
    const res = await page('/')
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy')!)![1]
    const html = await res.text()
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
    expect(scripts.length).toBeGreaterThan(2)
    for (const s of scripts) expect(s).toContain(`nonce="${nonce}"`)
  })

  it('escapes data embedded for hydration so it cannot close the script tag', async () => {
    const html = await (await page('/routes?keyword=%3C/script%3E%3Cscript%3Ealert(1)%3C/script%3E')).text()
    expect(html).not.toContain('</script><script>alert(1)')
    expect(boot(html).data.keyword).toBe('</script><script>alert(1)</script>')
  })

  it('renders every page of the table for a visitor, or sends them to sign in', async () => {
    const slugs: Record<string, Record<string, string>> = {}
    for (const locale of ['es', 'en']) {
      const r = await (await api('/v1/routes?per_page=1', { locale })).json<any>()
      const p = await (await api('/v1/posts?per_page=1', { locale })).json<any>()
      slugs[locale] = { route: r.routes[0].slug, post: p.posts[0].slug, plan: 'any-plan' }
    }
    for (const def of PAGES) {
      if (def.devOnly) continue
      for (const prefix of ['', '/en']) {
        const path = def.path.replace(':slug', slugs[prefix ? 'en' : 'es']![def.id] ?? 'x')
        const res = await page(prefix + path)
        if (def.access === 'user') {
          expect(res.status, path).toBe(302)
          const loc = res.headers.get('location')!
          expect(loc, path).toBe(`${prefix}/login?redirect=${encodeURIComponent(prefix + path)}`)
        } else {
          expect(res.status, prefix + path).toBe(200)
          const html = await res.text()
          expect(html, path).toContain('<main id="main"')
          expect(html).toContain(`<html lang="${prefix ? 'en' : 'es'}">`)
        }
      }
    }
  })

  it('answers unknown paths with the not-found page and its frame, in the right language', async () => {
    const res = await page('/en/this-does-not-exist')
    expect(res.status).toBe(404)
    const html = await res.text()
    expect(html).toContain('We did not find what you are looking for.')
    expect(html).toContain('data-testid="header"')
    const missingPost = await page('/post/no-such-article')
    expect(missingPost.status).toBe(404)
  })

  it('shows a route page with its units and asks visitors to sign in to play', async () => {
    const html = await (await page('/route/4-ejercicios-para-el-insomnio')).text()
    expect(html).toContain('4 ejercicios para el insomnio')
    expect(boot(html).data.route.units).toHaveLength(4)
    expect(html).toContain('Inicia sesión para reproducir')
    const missing = await page('/route/nope')
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('No encontramos lo que estás buscando.')
  })

  it('keeps the query when the login redirect is built, and /en goes to /en/', async () => {
    const res = await page('/en/appointments?tab=make_an_appointment')
    expect(res.headers.get('location')).toBe(`/en/login?redirect=${encodeURIComponent('/en/appointments?tab=make_an_appointment')}`)
    const en = await page('/en')
    expect(en.status).toBe(301)
    expect(en.headers.get('location')).toBe('/en/')
  })

  it('hides the local outbox page outside local runs only', async () => {
    const res = await page('/__dev/outbox')
    expect(res.status).toBe(200) // APP_ENV=test counts as local
  })
})
