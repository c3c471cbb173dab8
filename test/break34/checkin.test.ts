// Breaker (issue 34 §4): POST /v1/checkin and GET /v1/checkins tried from outside: odd moods,
// hostile notes, the 280 limit with emoji, zones, and what /performance prints.
import { env } from 'cloudflare:test'
import { users } from '#worker/db/schema'
import { patch } from '../factories'
import { describe, expect, it } from 'vitest'
import { api } from '../helpers'
import { bearer, register } from '../users/support'

async function call(
  token: string,
  method: string,
  path: string,
  form?: Record<string, string>,
  locale = 'en',
  headers: Record<string, string> = {},
) {
  const res = await api(path, { method, headers: { ...bearer(token), ...headers }, form, locale })
  const text = await res.text()
  let body: any = null
  try {
    body = JSON.parse(text)
  } catch {
    body = text
  }
  return { res, body }
}
const rowsOf = async (userId: number) =>
  (
    await env.DB.prepare('SELECT day, mood, note FROM checkins WHERE user_id = ?1 ORDER BY day')
      .bind(userId)
      .all<{ day: string; mood: number; note: string | null }>()
  ).results

describe('break34: the check-in from outside', () => {
  it('HOLDS: moods 0, 6, -1, 3.5, "", " ", "abc", "1e0", "0x3", "Infinity" answer 422 on mood in both languages, nothing written', async () => {
    const p = await register({ password: '' })
    for (const mood of [
      '0',
      '6',
      '-1',
      '3.5',
      '',
      ' ',
      'abc',
      '1e0',
      '0x3',
      'Infinity',
      'NaN',
      '99999999999999999999',
    ]) {
      for (const locale of ['en', 'es']) {
        const { res, body } = await call(p.token, 'POST', '/v1/checkin', { mood }, locale)
        expect(res.status, `mood=${JSON.stringify(mood)}`).toBe(422)
        expect(body.errors?.mood, `mood=${JSON.stringify(mood)}`).toBeTruthy()
        // Field errors are lists of messages (SPEC §7).
        expect(body.errors.mood[0]).toMatch(locale === 'es' ? /Elige/ : /Choose/)
      }
    }
    expect(await rowsOf(p.id)).toEqual([])
  })

  it('"3.0" and " 3 " are read as 3 or refused, never stored as something else', async () => {
    const p = await register({ password: '' })
    for (const mood of ['3.0', ' 3 ', '03', '+3']) {
      const { res } = await call(p.token, 'POST', '/v1/checkin', { mood })
      expect([200, 422], mood).toContain(res.status)
      const rows = await rowsOf(p.id)
      if (res.status === 200) expect(rows.at(-1)!.mood, mood).toBe(3)
    }
  })

  it('HOLDS: mood sent twice (an array) is 422 or one of them, never a 500', async () => {
    const p = await register({ password: '' })
    const fd = new FormData()
    fd.append('mood', '1')
    fd.append('mood', '5')
    const res = await api('/v1/checkin', { method: 'POST', headers: bearer(p.token), body: fd, locale: 'en' })
    expect(res.status).toBeLessThan(500)
    if (res.status === 200) expect([1, 5]).toContain((await rowsOf(p.id))[0]!.mood)
  })

  it('HOLDS: a JSON body, and JSON with mood null / array / number, answers 200 or 422, never 500', async () => {
    const p = await register({ password: '' })
    for (const body of [
      '{"mood":3}',
      '{"mood":null}',
      '{"mood":[3]}',
      '{"mood":{"a":1}}',
      '{"mood":true}',
      '[]',
      'null',
      '{',
    ]) {
      const res = await api('/v1/checkin', {
        method: 'POST',
        headers: { ...bearer(p.token), 'content-type': 'application/json' },
        body,
        locale: 'es',
      })
      expect(res.status, body).toBeLessThan(500)
      const rows = await rowsOf(p.id)
      for (const r of rows) expect([1, 2, 3, 4, 5]).toContain(r.mood)
    }
  })

  it('HOLDS: a NUL byte or other control characters in the note are refused (422 on note)', async () => {
    const p = await register({ password: '' })
    for (const note of ['a\u0000b', 'bell\u0007', 'esc\u001b[31m', 'del\u007f']) {
      const { res, body } = await call(p.token, 'POST', '/v1/checkin', { mood: '3', note }, 'es')
      expect(res.status, JSON.stringify(note)).toBe(422)
      expect(body.errors?.note).toBeTruthy()
    }
    expect(await rowsOf(p.id)).toEqual([])
  })

  it('FINDING?: 280 emoji (280 characters a person sees) is accepted as a note at the limit; 281 is refused', async () => {
    const p = await register({ password: '' })
    const ok = await call(p.token, 'POST', '/v1/checkin', { mood: '4', note: '😊'.repeat(280) })
    expect(ok.res.status).toBe(200)
    expect((await rowsOf(p.id))[0]!.note).toBe('😊'.repeat(280))
    const over = await call(p.token, 'POST', '/v1/checkin', { mood: '4', note: '😊'.repeat(281) })
    expect(over.res.status).toBe(422)
  })

  it('HOLDS: a 10,000-character note is 422 on note with its length, in Spanish', async () => {
    const p = await register({ password: '' })
    const { res, body } = await call(p.token, 'POST', '/v1/checkin', { mood: '2', note: 'a'.repeat(10_000) }, 'es')
    expect(res.status).toBe(422)
    expect(body.errors.note[0]).toMatch(/280/)
    expect(await rowsOf(p.id)).toEqual([])
  })

  it('HOLDS: a note with HTML/script and an RTL override is printed escaped on /performance', async () => {
    const p = await register({ password: '' })
    const note = '<script>alert(1)</script><img src=x onerror=alert(2)>\u202Egnp.exe'
    const saved = await call(p.token, 'POST', '/v1/checkin', { mood: '3', note })
    expect(saved.res.status).toBe(200)
    const page = await api('/performance', { headers: { ...bearer(p.token), accept: 'text/html' } })
    const html = await page.text()
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).not.toContain('<img src=x onerror')
  })

  it('HOLDS: a visitor is 401; an invalid timezone header is not a 500', async () => {
    const res = await api('/v1/checkins', { locale: 'es' })
    expect(res.status).toBe(401)
    const p = await register({ password: '' })
    for (const tz of ['Not/AZone', '', '../../etc', 'UTC+99']) {
      const r = await call(p.token, 'POST', '/v1/checkin', { mood: '3' }, 'en', { timezone: tz })
      expect(r.res.status, tz).toBe(200)
      const g = await call(p.token, 'GET', '/v1/checkins', undefined, 'en', { timezone: tz })
      expect(g.res.status, tz).toBe(200)
    }
  })

  it('FINDING?: without a profile zone, the timezone header lets one instant write two different days (tomorrow in Kiritimati, yesterday in Pago Pago)', async () => {
    // The day is "the date on the person's clock"; a client that flips the header writes a day
    // that is not today on any clock it holds. SPEC: once a day in the person's own day.
    const p = await register({ password: '' })
    await patch(users, p.id, { timezone: null })
    const a = await call(p.token, 'POST', '/v1/checkin', { mood: '5' }, 'en', { timezone: 'Pacific/Kiritimati' })
    const b = await call(p.token, 'POST', '/v1/checkin', { mood: '1' }, 'en', { timezone: 'Pacific/Pago_Pago' })
    expect(a.res.status).toBe(200)
    expect(b.res.status).toBe(200)
    // Kiritimati (UTC+14) and Pago Pago (UTC-11) are always on different dates: two rows, two "todays".
    expect((await rowsOf(p.id)).length).toBe(1)
  })

  it('HOLDS: check-ins of one person are never read by another (GET returns only mine)', async () => {
    const a = await register({ password: '' })
    const b = await register({ password: '' })
    await call(a.token, 'POST', '/v1/checkin', { mood: '1', note: 'private of A' })
    const g = await call(b.token, 'GET', '/v1/checkins')
    expect(g.res.status).toBe(200)
    expect(JSON.stringify(g.body)).not.toContain('private of A')
    // a user_id field sent by B is ignored
    await call(b.token, 'POST', '/v1/checkin', { mood: '5', user_id: String(a.id), note: 'from B' })
    expect((await rowsOf(a.id))[0]).toMatchObject({ mood: 1, note: 'private of A' })
  })

  it('HOLDS: after a very-low check-in, /performance offers /help (SPEC puts the offer on the page, not in the answer)', async () => {
    const p = await register({ password: '' })
    const { res } = await call(p.token, 'POST', '/v1/checkin', { mood: '1' }, 'en')
    expect(res.status).toBe(200)
    const page = await api('/performance', { headers: { ...bearer(p.token), accept: 'text/html' } })
    expect(await page.text()).toMatch(/href="[^"]*\/help"/)
  })
})
