// Issue 20 §8: words stored in one form shown in the page's language (degrees, spoken
// languages, ISO times), and the landing that showed "Habla es, en" and English degrees.
import { describe, expect, it } from 'vitest'
import { createTranslator } from '#shared/i18n/index'
import { messagesFor } from '#shared/i18n/messages'
import { degreeName, formatDateTime, isIsoTime, languageNames } from '#client/components/words.ts'
import { api } from '../helpers'
import { seedContent } from '../factories'

describe('words in the page language', () => {
  it('languages, degrees and times', () => {
    expect(languageNames(['es', 'en'], 'es')).toBe('español e inglés')
    expect(languageNames(['es', 'en'], 'en')).toBe('Spanish and English')
    const es = createTranslator('es', messagesFor('es'))
    expect(degreeName(es, 'Master in Clinical Psychology')).toBe('Máster en Psicología Clínica')
    expect(degreeName(es, 'Something else')).toBe('Something else')
    expect(isIsoTime('2026-03-05T14:30:00.000Z')).toBe(true)
    expect(isIsoTime('/routes')).toBe(false)
    expect(formatDateTime('2026-03-05T14:30:00.000Z', { locale: 'es', timeZone: 'Europe/Madrid' })).toMatch(
      /^5 mar 2026,? 15:30$/,
    )
    expect(formatDateTime('2026-03-05T14:30:00.000Z', { locale: 'en', timeZone: 'UTC' })).toMatch(
      /^5 Mar 2026,? 14:30$/,
    )
  })

  it('the landing shows the psychologists’ degrees and languages in its language', async () => {
    await seedContent({ routes: false, posts: false, plans: false, users: true })
    // What the page shows (the embedded data keeps the stored English value).
    const shown = async (path: string) =>
      (await (await api(path, { headers: { accept: 'text/html' } })).text()).split('<script id="__BOOT__"')[0]!
    const es = await shown('/get-a-plan-for-insomnia')
    expect(es).toContain('Máster en Psicología General Sanitaria')
    expect(es).toContain('Habla español e inglés')
    expect(es).not.toContain('Master in General Health Psychology')
    expect(es).not.toMatch(/Habla es, en/)
    const en = await shown('/en/get-a-plan-for-insomnia')
    expect(en).toContain('Master in General Health Psychology')
    expect(en).toContain('Speaks Spanish and English')
  })
})

// Issue 34 "Words": "1 sesiones con un psicólogo", "Nivel 1 · Conseguidas" for one reward. A count
// passed as {{count}} or {{n}} picks the key's "_one" form by the locale's plural rules.
describe('counts with their noun', () => {
  const es = createTranslator('es', messagesFor('es'))
  const en = createTranslator('en', messagesFor('en'))
  it('singular for one, plural otherwise, in both languages', () => {
    expect(es('payments.page.credits_sessions', { count: 1 })).toBe('1 sesión con un psicólogo')
    expect(es('payments.page.credits_sessions', { count: 0 })).toBe('0 sesiones con un psicólogo')
    expect(es('payments.page.credits_sessions', { count: 3 })).toBe('3 sesiones con un psicólogo')
    expect(en('payments.page.credits_sessions', { count: 1 })).toBe('1 session with a psychologist')
    expect(en('payments.page.credits_sessions', { count: 2 })).toBe('2 sessions with a psychologist')
    expect(es('payments.page.sessions_month', { count: 1 })).toBe('1 sesión al mes incluida')
    expect(es('payments.page.months_free', { count: 1 })).toBe('1 mes gratis')
    expect(en('payments.page.months_free', { count: 2 })).toBe('2 months free')
    expect(es('psychologist_profile.sessions', { count: 1 })).toBe('1 sesión')
    expect(en('psychologist_profile.sessions', { count: 1 })).toBe('1 session')
    expect(es('route_page.likes', { n: 1 })).toBe('A 1 persona le gusta esta ruta')
    expect(en('route_page.likes', { n: 1 })).toBe('1 person likes this route')
    expect(en('route_page.likes', { n: 7 })).toBe('7 people like this route')
    expect(es('engagement.streak.longest', { n: 1 })).toBe('Racha más larga: 1 día')
    expect(es('engagement.streak.unclaimed', { n: 1 })).toBe('Tienes 1 recompensa por reclamar')
    expect(es('admin.sitemap.regenerated', { n: 1 })).toBe('Mapa del sitio generado: 1 dirección.')
    // A level is not a count: "Nivel 1" stays.
    expect(es('engagement.rewards.level', { n: 1 })).toBe('Nivel 1')
  })
  it('one reward is "Conseguida", not "Conseguidas"', () => {
    expect(es('engagement.rewards.page.earned')).toBe('Conseguida')
    expect(en('engagement.rewards.page.earned')).toBe('Earned')
  })
})
