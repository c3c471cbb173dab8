// The daily check-in (issue 34 §4) through the Worker on the real D1: once per local day (a
// second one the same day updates it), 23:30 and 00:30 on the person's clock are two days, each
// person reads and writes only their own, validation in both languages, the 413 of an oversize
// body, the export and the erasure, and /performance drawing the trend on the server.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { saveCheckin } from '#worker/features/checkins/checkins.service'
import { instantOf, wallClock } from '#worker/lib/zones'
import { api, json } from '../helpers'
import { ctxFor } from '../appointments/support'
import { bearer, captcha, register } from '../users/support'

const MEXICO = 'America/Mexico_City'

async function call(token: string, method: string, path: string, form?: Record<string, string>, locale = 'en') {
  const res = await api(path, { method, headers: bearer(token), form, locale })
  return { res, body: await json(res) }
}
const rowsOf = async (userId: number) =>
  (
    await env.DB.prepare('SELECT day, mood, note FROM checkins WHERE user_id = ?1 ORDER BY day')
      .bind(userId)
      .all<{ day: string; mood: number; note: string | null }>()
  ).results
/** The instant of `date` `hh:mm` on a Mexico City clock. */
const mexico = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number]
  return instantOf(date, h * 60 + m, MEXICO)!
}

describe('checking in', () => {
  it('once a day: a second check-in the same local day updates that day, never a second row', async () => {
    const p = await register({ password: '', timezone: MEXICO })
    const today = wallClock(Date.now(), MEXICO).date
    const first = await call(p.token, 'POST', '/v1/checkin', { mood: '4', note: '  Slept a bit better.  ' })
    expect(first.res.status).toBe(200)
    expect(first.body.message).toBe('Glad to hear it. Take a moment to notice what helped today.')
    expect(first.body.updated).toBe(false)
    expect(first.body.today).toMatchObject({ day: today, mood: 4, note: 'Slept a bit better.' })
    // The trend: 30 local days, oldest first, ending today; only today has a mood.
    expect(first.body.trend.days).toHaveLength(30)
    expect(first.body.trend.days.at(-1)).toEqual({ day: today, mood: 4 })
    expect(first.body.trend.days.filter((d: any) => d.mood !== null)).toHaveLength(1)

    const second = await call(p.token, 'POST', '/v1/checkin', { mood: '2' }, 'es')
    expect(second.res.status).toBe(200)
    expect(second.body.updated).toBe(true)
    expect(second.body.message).toBe(
      'Gracias por contarnos cómo estás. Trátate con cariño hoy; una pausa breve puede ayudar.',
    )
    expect(await rowsOf(p.id)).toEqual([{ day: today, mood: 2, note: null }])

    const read = await call(p.token, 'GET', '/v1/checkins')
    expect(read.res.status).toBe(200)
    expect(read.body.today).toMatchObject({ day: today, mood: 2, note: null })
  })

  it('two devices at once on the same day still leave one row', async () => {
    const p = await register({ password: '' })
    const answers = await Promise.all(
      ['1', '3', '5', '2', '4'].map((mood) => call(p.token, 'POST', '/v1/checkin', { mood })),
    )
    expect(answers.map((a) => a.res.status)).toEqual([200, 200, 200, 200, 200])
    expect(await rowsOf(p.id)).toHaveLength(1)
  })

  it('23:30 and 00:30 on the person’s clock are two days, whatever UTC says', async () => {
    const p = await register({ password: '', timezone: MEXICO })
    const ctx = await ctxFor(p.id)
    // 23:30 in Mexico City is 05:30 UTC of the 11th; 00:30 is 06:30 UTC of the same UTC day.
    const late = mexico('2026-11-10', '23:30')
    const early = mexico('2026-11-11', '00:30')
    expect(new Date(late).toISOString().slice(0, 10)).toBe(new Date(early).toISOString().slice(0, 10))
    const a = await saveCheckin(ctx, { mood: 2 }, MEXICO, late)
    expect(a.today?.day).toBe('2026-11-10')
    const b = await saveCheckin(ctx, { mood: 4, note: 'A new day' }, MEXICO, early)
    expect(b.updated).toBe(false)
    expect(b.today).toMatchObject({ day: '2026-11-11', mood: 4, note: 'A new day' })
    expect(b.trend.days.slice(-2)).toEqual([
      { day: '2026-11-10', mood: 2 },
      { day: '2026-11-11', mood: 4 },
    ])
    expect(b.trend.days[0]!.day).toBe('2026-10-13')
    // 23:59 the same evening as 23:30 is the same day: it updates it.
    const again = await saveCheckin(ctx, { mood: 3 }, MEXICO, mexico('2026-11-10', '23:59'))
    expect(again.updated).toBe(true)
    expect(await rowsOf(p.id)).toEqual([
      { day: '2026-11-10', mood: 3, note: null },
      { day: '2026-11-11', mood: 4, note: 'A new day' },
    ])
  })

  it('without a zone in the profile the day is the browser’s (the tz cookie)', async () => {
    const p = await register({ password: '' })
    const zone = 'Pacific/Kiritimati' // UTC+14: its day is not UTC's for 14 hours of each day
    const res = await api('/v1/checkin', {
      method: 'POST',
      headers: { ...bearer(p.token), cookie: `tz=${zone}` },
      form: { mood: '3' },
    })
    expect(res.status).toBe(200)
    expect((await json(res)).today.day).toBe(wallClock(Date.now(), zone).date)
  })
})

describe('whose check-ins', () => {
  it('a visitor is refused, and another person neither reads nor changes yours', async () => {
    const a = await register({ password: '' })
    const b = await register({ password: '' })
    expect((await call(a.token, 'POST', '/v1/checkin', { mood: '1', note: 'A hard day' })).res.status).toBe(200)
    expect((await api('/v1/checkins')).status).toBe(401)
    expect((await api('/v1/checkin', { method: 'POST', form: { mood: '5' } })).status).toBe(401)

    const read = await call(b.token, 'GET', '/v1/checkins')
    expect(read.res.status).toBe(200)
    expect(read.body.today).toBeNull()
    expect(read.body.trend.days.every((d: any) => d.mood === null)).toBe(true)
    // B's check-in is B's row: a user id sent along is not followed.
    const wrote = await call(b.token, 'POST', '/v1/checkin', { mood: '5', user_id: String(a.id) })
    expect(wrote.res.status).toBe(200)
    expect(await rowsOf(a.id)).toMatchObject([{ mood: 1, note: 'A hard day' }])
    expect(await rowsOf(b.id)).toMatchObject([{ mood: 5, note: null }])
  })
})

describe('bad input', () => {
  it('a missing or unknown step and a long note are field errors in both languages; nothing is written', async () => {
    const p = await register({ password: '' })
    const cases: { form: Record<string, string>; field: string; en: string; es: string }[] = [
      { form: {}, field: 'mood', en: 'Choose how you feel today.', es: 'Elige cómo te sientes hoy.' },
      { form: { mood: '6' }, field: 'mood', en: 'Choose how you feel today.', es: 'Elige cómo te sientes hoy.' },
      { form: { mood: '0x1' }, field: 'mood', en: 'Choose how you feel today.', es: 'Elige cómo te sientes hoy.' },
      {
        form: { mood: '3', note: 'x'.repeat(281) },
        field: 'note',
        en: 'It must have at most 280 characters.',
        es: 'Debe tener como máximo 280 caracteres.',
      },
    ]
    for (const c of cases) {
      for (const locale of ['en', 'es'] as const) {
        const { res, body } = await call(p.token, 'POST', '/v1/checkin', c.form, locale)
        expect(res.status, JSON.stringify(c.form)).toBe(422)
        expect(body.errors[c.field]).toEqual([c[locale]])
        expect(body.message).toBe(
          locale === 'en'
            ? 'Validation error in the provided data.'
            : 'Error de validación en los datos proporcionados.',
        )
      }
    }
    // A 280-character note is the limit, and is kept.
    expect((await call(p.token, 'POST', '/v1/checkin', { mood: '3', note: 'y'.repeat(280) })).res.status).toBe(200)
    expect((await rowsOf(p.id))[0]!.note).toHaveLength(280)
  })

  it('an oversize body is 413 before anything runs', async () => {
    const p = await register({ password: '' })
    const res = await api('/v1/checkin', {
      method: 'POST',
      headers: bearer(p.token),
      form: { mood: '3', note: 'z'.repeat(70 * 1024) },
    })
    expect(res.status).toBe(413)
    expect(await rowsOf(p.id)).toEqual([])
  })
})

describe('the person’s data', () => {
  it('the export carries the check-ins with their notes; the erasure takes them', async () => {
    const p = await register({ password: '' })
    await call(p.token, 'POST', '/v1/checkin', { mood: '2', note: 'Tired' })
    const exp = await call(p.token, 'GET', '/v1/user/export')
    expect(exp.res.status).toBe(200)
    expect(exp.body.export.checkins).toMatchObject([{ user_id: p.id, mood: 2, note: 'Tired' }])
    const gone = await api('/v1/user', {
      method: 'DELETE',
      headers: { ...bearer(p.token), 'x-captcha-token': captcha() },
    })
    expect(gone.status).toBe(200)
    expect(await rowsOf(p.id)).toEqual([])
  })
})

describe('/performance', () => {
  const page = async (token: string, locale: 'en' | 'es') => {
    const res = await api(locale === 'en' ? '/en/performance' : '/performance', {
      headers: { cookie: `calma_session=${token}` },
    })
    expect(res.status).toBe(200)
    return res.text()
  }

  it('draws the 30-day trend on the server (an image with a title and a description, and the numbers as a table)', async () => {
    const p = await register({ password: '' })
    const empty = await page(p.token, 'en')
    expect(empty).toContain('How do I feel today')
    expect(empty).toContain('data-testid="mood-trend-chart"')
    expect(empty).toContain('No check-ins in the last 30 days yet.')
    expect(empty).not.toContain('data-testid="mood-trend-table"')

    await call(p.token, 'POST', '/v1/checkin', { mood: '4' })
    const html = await page(p.token, 'en')
    const svg = /<svg[^>]*data-testid="mood-trend-chart"[\s\S]*?<\/svg>/.exec(html)?.[0] ?? ''
    expect(svg).toMatch(/role="img"/)
    expect(svg).toMatch(/<title id="[^"]+">Your last 30 days<\/title>/)
    expect(svg).toMatch(/<desc id="[^"]+">1 check-in in the last 30 days, on [^<]+: Good\.<\/desc>/)
    expect(svg.match(/<circle/g)).toHaveLength(1)
    const table = /<table[^>]*data-testid="mood-trend-table"[\s\S]*?<\/table>/.exec(html)?.[0] ?? ''
    expect(table).toContain('<caption>Your check-ins of the last 30 days</caption>')
    expect(table).toContain('4 of 5: Good')
    expect(html).not.toContain('data-testid="checkin-help"')
  })

  it('offers /help, gently, when today is very low, in both languages', async () => {
    const p = await register({ password: '' })
    await call(p.token, 'POST', '/v1/checkin', { mood: '1' })
    const es = await page(p.token, 'es')
    expect(es).toContain('No tienes que pasar por esto en soledad')
    expect(es).toMatch(/<a class="button" href="\/help" data-testid="checkin-help-link">Buscar ayuda ahora<\/a>/)
    const en = await page(p.token, 'en')
    expect(en).toContain('You do not have to go through this alone')
    expect(en).toMatch(/<a class="button" href="\/en\/help" data-testid="checkin-help-link">Find help now<\/a>/)
  })
})
