// Issue 34 "Words": money was written three ways in Spanish ("$0.00" on the profile, "$45" at
// booking, "45,00 $" on the subscription page). One formatter (shared/catalogue.ts formatMoney)
// writes every amount shown to people, one form per language (docs/API.md "Money").
import { describe, expect, it } from 'vitest'
import { formatDollars, formatMoney } from '#shared/catalogue'
import { createTranslator } from '#shared/i18n/index'
import { messagesFor } from '#shared/i18n/messages'
import { dollars } from '#client/features/appointments/format.ts'

const texts = (o: unknown): string[] =>
  typeof o === 'string' ? [o] : o && typeof o === 'object' ? Object.values(o).flatMap(texts) : []

// The sources that write to people: pages (client) and the worker's features (mails, labels).
const sources = import.meta.glob(['/src/client/**/*.{ts,tsx}', '/src/worker/features/**/*.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>

describe('money, one way per language', () => {
  it('Spanish "45,00 $", English "$45.00", from cents or dollars', () => {
    expect(formatMoney(4500, 'es')).toBe('45,00\u00a0$')
    expect(formatMoney(4500, 'en')).toBe('$45.00')
    expect(formatDollars(0, 'es')).toBe('0,00\u00a0$')
    expect(formatDollars(0, 'en')).toBe('$0.00')
    expect(formatDollars(12.5, 'es')).toBe('12,50\u00a0$')
    expect(dollars(45, 'es')).toBe(formatMoney(4500, 'es'))
  })

  it('the booking and cancel texts take the formatted amount (no "$" of their own)', () => {
    const es = createTranslator('es', messagesFor('es'))
    const en = createTranslator('en', messagesFor('en'))
    expect(es('appointment_pages.credits', { credits: dollars(0, 'es'), price: dollars(45, 'es') })).toBe(
      'Tienes 0,00\u00a0$ en créditos; una sesión cuesta 45,00\u00a0$.',
    )
    expect(en('appointment_pages.refunded', { amount: dollars(45, 'en') })).toBe('$45.00 returned to your credits.')
    for (const locale of ['es', 'en'] as const) {
      const bad = texts(messagesFor(locale)).filter((s) => /\$\s*\{\{|\}\}\s*\$/.test(s))
      expect(bad, locale).toEqual([])
    }
  })

  it('no page or mail writes an amount by hand', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50)
    const byHand = Object.entries(sources)
      // A password hash's fields are separated by '$': not money.
      .filter(([path]) => !path.endsWith('/users/password.ts'))
      .filter(([, text]) => /toFixed\(2\)|['"`]\$['"`]|\$\$\{[^}]*(credit|amount|price|balance|cents)/i.test(text))
      .map(([path]) => path)
    expect(byHand).toEqual([])
  })
})
