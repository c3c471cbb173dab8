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
