// The route page with the units and the player (issue 6 §4-§5): the server renders the list as
// before (a visitor is asked to sign in, once per unit); a signed-in person's states load after
// hydration (GET /v1/route/units), so the page's HTML is the same for everyone signed in.
import { exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { makeRoute } from '../factories'
import { sessionCookie, signUp } from '../users/support'

const page = (path: string, cookie?: string) =>
  (exports as unknown as { default: Fetcher }).default.fetch(`http://localhost${path}`, {
    headers: cookie ? { cookie } : {},
  })
const body = (html: string) => html.slice(0, html.indexOf('<script id="__BOOT__"'))

describe('the route page', () => {
  it('lists the units for a visitor with one sign-in link each, and no player', async () => {
    const route = await makeRoute({ units: [{ title: 'Respirar' }, { title: 'Soltar' }, { title: 'Descansar' }] })
    const html = await (await page(`/route/${route.slug}`)).text()
    const shown = [...html.matchAll(/<li class="unit">.*?<strong>(.*?)<\/strong>/gs)].map((m) => m[1])
    expect(shown).toEqual(['Respirar', 'Soltar', 'Descansar'])
    expect(body(html).split('Inicia sesión para reproducir').length - 1).toBe(3)
    expect(body(html)).toContain(`href="/login?redirect=%2Froute%2F${route.slug}"`)
    expect(body(html)).not.toContain('data-testid="player"')
  })

  it('renders the same list for a signed-in person, without sign-in links, for the player to fill in', async () => {
    const route = await makeRoute({ units: 2 })
    const reg = await signUp({ email: `page.${Date.now()}@example.com`, legal_age: '1' })
    const html = await (await page(`/route/${route.slug}`, `calma_session=${sessionCookie(reg)}`)).text()
    expect(body(html)).toContain('data-testid="route-units"')
    expect(body(html)).toContain('data-testid="units"')
    expect([...body(html).matchAll(/<li class="unit">/g)].length).toBe(2)
    expect(body(html)).not.toContain('Inicia sesión para reproducir')
  })
})
