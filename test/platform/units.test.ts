import { describe, expect, it } from 'vitest'
import { localeFromPath, localizePath, negotiateLocale, stripLocale } from '../../src/shared/i18n/locale'
import en from '../../src/shared/i18n/en'
import es from '../../src/shared/i18n/es'
import { accessRedirect, matchPage, PAGES } from '../../src/shared/pages'

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

describe('the page table', () => {
  it('matches every SPEC path, with params', () => {
    expect(matchPage('/route/abc')).toMatchObject({ page: { id: 'route' }, params: { slug: 'abc' } })
    expect(matchPage('/plan/mi-plan/')).toMatchObject({ page: { id: 'plan' }, params: { slug: 'mi-plan' } })
    expect(matchPage('/route/')).toBeNull()
    expect(matchPage('/nope')).toBeNull()
    const ids = new Set(PAGES.map((p) => p.id))
    expect(ids.size).toBe(PAGES.length)
  })
  it('sends users away from guest pages and visitors to sign in', () => {
    const home = matchPage('/')!.page
    const journey = matchPage('/journey')!.page
    const l = (p: string) => `/en${p}`
    expect(accessRedirect(home, true, '/en/', l)).toBe('/en/journey')
    expect(accessRedirect(home, false, '/en/', l)).toBeNull()
    expect(accessRedirect(journey, false, '/en/journey', l)).toBe('/en/login?redirect=%2Fen%2Fjourney')
  })
  it('has a title in both languages for every page', () => {
    for (const p of PAGES) {
      const key = p.title.split('.')[1] as keyof typeof en.pages
      expect(en.pages[key], p.id).toBeTruthy()
      expect(es.pages[key], p.id).toBeTruthy()
    }
  })
})

describe('the catalogues', () => {
  const keys = (o: object, prefix = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' && !Array.isArray(v) ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]))
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
