// Input hygiene in the contract (issue 14 §5): IANA time zones only, no control characters in
// text nor direction overrides in names, decimal integers, form bodies only, server request ids.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { api, json } from '../helpers'
import { bearer, register } from '../users/support'

const update = (token: string, form: Record<string, string>, locale = 'en') =>
  api('/v1/user/update', { method: 'POST', locale, headers: bearer(token), form })
const saved = (id: number) =>
  env.DB.prepare('SELECT name, timezone FROM users WHERE id = ?1')
    .bind(id)
    .first<{ name: string; timezone: string | null }>()

describe('input hygiene', () => {
  it('a time zone is an IANA name, stored in its canonical spelling', async () => {
    const r = await register()
    for (const bad of [
      'Mars/Olympus',
      'Europe/Madrid\u0000',
      '../../etc/passwd',
      'UTC; DROP TABLE users',
      'x'.repeat(80),
    ]) {
      const res = await update(r.token, { timezone: bad })
      expect(res.status, bad).toBe(422)
      expect((await json(res)).errors.timezone, bad).toHaveLength(1)
    }
    expect((await saved(r.id))!.timezone).toBeNull()
    expect((await update(r.token, { timezone: 'europe/madrid' })).status).toBe(200)
    expect((await saved(r.id))!.timezone).toBe('Europe/Madrid')
  })

  it('names refuse NUL, control characters and right-to-left overrides, in both languages', async () => {
    const r = await register()
    for (const bad of ['Ana\u0000', 'Ana\u0007Bel', 'Ana\u202Egnp.exe', 'Ana\u2066x', 'Ana\nBel']) {
      const res = await update(r.token, { name: bad })
      expect(res.status, JSON.stringify(bad)).toBe(422)
      expect((await json(res)).errors.name).toEqual([
        'This text has characters that cannot be saved (control or direction marks).',
      ])
    }
    const es = await update(r.token, { name: 'Ana\u202E' }, 'es')
    expect((await json(es)).errors.name).toEqual([
      'Este texto tiene caracteres que no se pueden guardar (de control o de dirección).',
    ])
    expect((await saved(r.id))!.name).toBe('Test Person')
    // Accents, other scripts and emoji are names like any other.
    expect((await update(r.token, { name: 'Zoë Núñez 李 🌿' })).status).toBe(200)
    expect((await saved(r.id))!.name).toBe('Zoë Núñez 李 🌿')
  })

  it('integers are decimal: 0x10, 1e3, padded or non-ASCII digits are refused, not reinterpreted', async () => {
    for (const bad of ['0x10', '1e3', ' 5', '5 ', '١٢', '1.5', '+3', '99999999999999999999']) {
      const res = await api(`/v1/routes?page=${encodeURIComponent(bad)}`, { locale: 'en' })
      expect(res.status, bad).toBe(422)
      expect((await json(res)).errors.page, bad).toHaveLength(1)
    }
    const ok = await json(await api('/v1/routes?page=2&per_page=1'))
    expect(ok.pagination).toMatchObject({ current_page: 2, per_page: 1 })
  })

  it('a body that is not form data answers 415 with the envelope and saves nothing', async () => {
    const r = await register()
    for (const [type, body] of [
      ['application/json', JSON.stringify({ name: 'From JSON' })],
      ['text/plain', 'name=From text'],
      ['application/xml', '<name>From XML</name>'],
    ] as const) {
      const res = await api('/v1/user/update', {
        method: 'POST',
        locale: 'es',
        headers: { ...bearer(r.token), 'content-type': type },
        body,
      })
      expect(res.status, type).toBe(415)
      expect(await json(res)).toMatchObject({
        success: false,
        code: 'unsupported_media_type',
        message: 'Envía el formulario como datos de formulario.',
      })
    }
    expect((await saved(r.id))!.name).toBe('Test Person')
    // Form data, both encodings, and a write with no body at all still work.
    const urlencoded = await api('/v1/user/update', {
      method: 'POST',
      headers: { ...bearer(r.token), 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body: 'name=Urlencoded',
    })
    expect(urlencoded.status).toBe(200)
    expect((await saved(r.id))!.name).toBe('Urlencoded')
    expect((await api('/v1/user/logout', { method: 'POST', headers: bearer(r.token) })).status).toBe(200)
  })

  it('request ids are the server own: a client X-Request-Id is never echoed', async () => {
    const sent = 'attacker-chosen-id-123'
    const res = await api('/v1/routes', { headers: { 'x-request-id': sent } })
    const id = res.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(id).not.toBe(sent)
    const page = await api('/', { headers: { 'x-request-id': sent } })
    expect(page.headers.get('x-request-id')).not.toBe(sent)
  })
})
