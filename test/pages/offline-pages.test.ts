// What the service worker relies on (issue 23; docs/decisions/023-offline-and-install.md): every
// page says whose it is (x-calma-viewer), the offline page exists in both languages with the
// crisis lines and is never indexed, and each language links its own manifest.
import { exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { register, sessionCookie } from '../users/support'

const page = (path: string, init?: RequestInit) =>
  (exports as unknown as { default: Fetcher }).default.fetch(`http://localhost${path}`, { redirect: 'manual', ...init })

describe('pages for the service worker', () => {
  it('name their viewer: v for a visitor, u<id> for a signed-in person', async () => {
    const visitor = await page('/help')
    expect(visitor.headers.get('x-calma-viewer')).toBe('v')
    await visitor.text()
    const r = await register({}, 'es')
    const res = await page('/journey', { headers: { cookie: `calma_session=${sessionCookie(r.res)}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-calma-viewer')).toBe(`u${r.id}`)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    await res.text()
  })

  it('have an offline page in each language, with tel: links, the way to /help, and noindex', async () => {
    for (const [path, lang, title, help] of [
      ['/offline', 'es', 'Estás sin conexión', 'href="/help"'],
      ['/en/offline', 'en', 'You are offline', 'href="/en/help"'],
    ] as const) {
      const res = await page(path)
      expect(res.status, path).toBe(200)
      const html = await res.text()
      expect(html).toContain(`<html lang="${lang}">`)
      expect(html).toContain(title)
      expect(html).toContain(help)
      expect(html).toMatch(/href="tel:/)
      expect(html).toMatch(/<meta name="robots" content="noindex/)
      expect(html).toContain(`<link rel="manifest" href="/manifest.${lang}.webmanifest">`)
    }
  })
})
