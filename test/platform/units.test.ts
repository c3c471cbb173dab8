import { describe, expect, it } from 'vitest'
import { localeFromPath, localizePath, negotiateLocale, stripLocale } from '#shared/i18n/locale'
import en from '#shared/i18n/en'
import es from '#shared/i18n/es'
import { messagesFor } from '#shared/i18n/messages'
import { accessRedirect, matchPath } from '#shared/pages'
import { Role } from '#shared/enums'
import { isPageId, localizedHref, PAGES, ROUTABLE } from '#client/app/pages.ts'

describe('locale from the path (SPEC §1)', () => {
  it('is English only when the first segment is en', () => {
    expect(localeFromPath('/en/')).toBe('en')
    expect(localeFromPath('/en')).toBe('en')
    expect(localeFromPath('/enfermedad')).toBe('es')
    expect(localeFromPath('/routes')).toBe('es')
    expect(stripLocale('/en/route/x')).toBe('/route/x')
    expect(localizePath('/', 'en')).toBe('/en/')
    expect(localizePath('/journey', 'es')).toBe('/journey')
  })
  it('maps Spanish variants to Spanish and other languages to the English fallback', () => {
    expect(negotiateLocale(null, 'es-AR,es;q=0.9')).toBe('es')
    expect(negotiateLocale(null, 'pt-BR')).toBe('en')
    expect(negotiateLocale(null, null)).toBe('es')
    expect(negotiateLocale('en', 'es')).toBe('en')
  })
})

/** The page a locale-free path reaches, as the server picks it: the first routable match. */
function match(path: string) {
  for (const { id, entry } of ROUTABLE) {
    const params = matchPath(entry.path, path)
    if (params) return { id, params }
  }
  return null
}

describe('the page table', () => {
  it('matches every SPEC path, with params', () => {
    expect(match('/route/abc')).toEqual({ id: 'route', params: { slug: 'abc' } })
    expect(match('/route/a%20b')).toEqual({ id: 'route', params: { slug: 'a b' } })
    expect(match('/plan/mi-plan/')).toEqual({ id: 'plan', params: { slug: 'mi-plan' } })
    expect(match('/post/un-articulo')).toEqual({ id: 'post', params: { slug: 'un-articulo' } })
    expect(match('/')).toEqual({ id: 'home', params: {} })
    expect(match('/get-a-plan-for-insomnia/thanks')).toEqual({ id: 'insomniaThanks', params: {} })
    expect(match('/route/')).toBeNull()
    expect(match('/route/a/b')).toBeNull()
    expect(match('/route/%E0%A4%A')).toBeNull() // a broken escape is no slug
    expect(match('/nope')).toBeNull()
    const spec = [
      '/',
      '/get-a-plan-for-insomnia',
      '/get-a-plan-for-anxiety',
      '/terms',
      '/cookies',
      '/privacy',
      '/consent',
      '/contact',
      '/letstalk',
    ]
      .concat([
        '/feedback',
        '/suggestions',
        '/login',
        '/subscribe',
        '/performance',
        '/journey',
        '/plan/x',
        '/routes',
        '/route/x',
        '/blog',
        '/post/x',
      ])
      .concat(['/ranking', '/appointments', '/appointment'])
    for (const path of spec) expect(match(path), path).not.toBeNull()
  })

  it('reaches each routable page by its own path, and only pages are routable', () => {
    const paths = ROUTABLE.map((p) => p.entry.path)
    expect(new Set(paths).size).toBe(paths.length)
    for (const { id, entry } of ROUTABLE) {
      // No earlier entry shadows a later one.
      expect(match(entry.path.replace(/:\w+/g, 'x'))?.id, id).toBe(id)
      expect(isPageId(id)).toBe(true)
    }
    const routable = new Set<string>(ROUTABLE.map((p) => p.id))
    // Rendered without a path of their own, and links the Worker answers itself.
    for (const id of ['notFound', 'error', 'logout', 'providerSignIn', 'sitemap'])
      expect(routable.has(id), id).toBe(false)
    expect(localizedHref('en', 'sitemap')).toBe('/sitemap.xml')
    expect(isPageId('logout')).toBe(false)
    expect(isPageId('notFound')).toBe(true)
    expect(isPageId('nope')).toBe(false)
  })

  it('sends users away from guest pages and visitors to sign in', () => {
    const l = (p: string) => `/en${p}`
    expect(PAGES.home.access).toBe('guest')
    expect(PAGES.journey.access).toBe('user')
    const patient = { role: Role.patient }
    expect(accessRedirect('guest', patient, '/en/', l)).toBe('/en/journey')
    // Staff land on their own work (issue 42 §8), never a patient's plan.
    expect(accessRedirect('guest', { role: Role.psychologist }, '/en/', l)).toBe('/en/appointments')
    expect(accessRedirect('guest', { role: Role.admin }, '/login', (p) => p)).toBe('/admin')
    expect(accessRedirect('guest', { role: Role.publisher }, '/', (p) => p)).toBe('/admin')
    expect(accessRedirect('guest', null, '/en/', l)).toBeNull()
    expect(accessRedirect('user', null, '/en/journey', l)).toBe('/en/login?redirect=%2Fen%2Fjourney')
    expect(accessRedirect('user', null, '/appointments?tab=next_to', (p) => p)).toBe(
      '/login?redirect=%2Fappointments%3Ftab%3Dnext_to',
    )
    expect(accessRedirect('user', patient, '/en/journey', l)).toBeNull()
    expect(accessRedirect('public', null, '/terms', l)).toBeNull()
    expect(accessRedirect('public', patient, '/terms', l)).toBeNull()
  })

  it('builds localized links with encoded parameters and query, dropping empty values', () => {
    expect(localizedHref('en', 'route', { slug: 'a b' })).toBe('/en/route/a%20b')
    expect(localizedHref('es', 'route', { slug: 'a b' })).toBe('/route/a%20b')
    expect(localizedHref('es', 'post', { slug: 'qué/tal?' })).toBe('/post/qu%C3%A9%2Ftal%3F')
    expect(localizedHref('en', 'home')).toBe('/en/')
    expect(localizedHref('es', 'home')).toBe('/')
    const href = localizedHref('en', 'blog', {
      query: { keyword: 'sueño & calma=paz', page: 2, empty: '', none: null, missing: undefined, on: true, off: false },
    })
    expect(href).toBe('/en/blog?keyword=sue%C3%B1o+%26+calma%3Dpaz&page=2&on=1&off=0')
    expect(new URL(href, 'http://x').searchParams.get('keyword')).toBe('sueño & calma=paz')
    expect(localizedHref('es', 'routes', { query: { keyword: '' } })).toBe('/routes')
    expect(localizedHref('es', 'appointments', { query: { tab: 'appointments' }, hash: 'top' })).toBe(
      '/appointments?tab=appointments#top',
    )
    // Links the Worker answers in one place whatever the language are not localized.
    expect(localizedHref('en', 'providerSignIn', { provider: 'google' })).toBe('/auth/google')
    expect(localizedHref('en', 'logout')).toBe('/en/logout')
  })

  it('has a title in both languages for every page', () => {
    const text = (locale: 'es' | 'en', key: string) => key.split('.').reduce<any>((o, k) => o?.[k], messagesFor(locale))
    const pages = Object.entries(PAGES).filter(([, e]) => 'component' in e && e.component)
    expect(pages.length).toBeGreaterThan(ROUTABLE.length) // notFound and error too
    for (const [id, entry] of pages) {
      const key = (entry as { title: string }).title
      expect(key, id).toMatch(/^pages\./)
      for (const locale of ['es', 'en'] as const) {
        const t = text(locale, key)
        expect(typeof t, `${id} ${locale}`).toBe('string')
        expect(t.trim().length, `${id} ${locale}`).toBeGreaterThan(0)
      }
    }
  })
})

describe('the catalogues', () => {
  const keys = (o: object, prefix = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) =>
      v && typeof v === 'object' && !Array.isArray(v) ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
    )
  it('have the same keys in Spanish and English', () => {
    expect(keys(es).sort()).toEqual(keys(en).sort())
  })
  it("carry SPEC §8's exact texts", () => {
    expect(en.errors.bad_response).toBe('Backend API is providing a bad response.')
    expect(en.errors.phone_invalid).toBe('The phone number is not valid.')
    expect(es.errors.phone_invalid).toBe('El número de teléfono no es válido.')
    expect(es.errors.refund_failed).toBe('Error al enviar la solicitud de reembolso.')
    expect(es.errors.cancel_appointment_failed).toBe('Hubo un error al cancelar la cita')
    expect(en.errors.unauthenticated).toBe('Unauthenticated.')
  })
})
