import { describe, expect, it } from 'vitest'
import { api } from '../helpers'
import { register, sessionCookie } from '../users/support'

// SPEC §2 /subscribe and 'My Subscription and Credits', rendered by the Worker.
describe('the payment pages', () => {
  it('/subscribe: login first; then offer, thanks, error, or "Something wrong happened" by its query', async () => {
    const visitor = await api('/en/subscribe?success=1', { headers: { accept: 'text/html' }, redirect: 'manual' })
    expect(visitor.status).toBe(302)
    expect(visitor.headers.get('location')).toMatch(/^\/en\/login\?redirect=/)
    const u = await register()
    const cookie = `calma_session=${sessionCookie(u.res)}`
    const page = async (path: string) => (await api(path, { headers: { cookie, accept: 'text/html' } })).text()
    expect(await page('/en/subscribe')).toContain('data-testid="subscribe-offer"')
    expect(await page('/en/subscribe?success=1')).toContain('Thank you!')
    expect(await page('/subscribe?error=1')).toContain('El pago no se completó')
    for (const q of ['success=0', 'success=1&error=1', 'error=maybe']) {
      const html = await page(`/en/subscribe?${q}`)
      expect(html, q).toContain('Something wrong happened')
      expect(html, q).toContain('Try again later... or contact us.')
    }
    expect(await page('/subscribe?success=2')).toContain('Algo salió mal')
  })

  it('/subscription shows the plans on a computer and the mobile notice on a phone', async () => {
    const u = await register()
    const cookie = `calma_session=${sessionCookie(u.res)}`
    const desktop = await (await api('/en/subscription', { headers: { cookie, accept: 'text/html' } })).text()
    expect(desktop).toContain('My Subscription and Credits')
    expect(desktop).toContain('data-testid="buy-monthly"')
    expect(desktop).toContain('Credits do not expire.')
    const phone = await (
      await api('/subscription', {
        headers: {
          cookie,
          accept: 'text/html',
          'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36',
        },
      })
    ).text()
    expect(phone).toContain('Las suscripciones están temporalmente deshabilitadas desde dispositivos móviles.')
    expect(phone).not.toContain('data-testid="buy-monthly"')
  })
})
