import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { api, json } from '../helpers'
import { bearer, captcha, countRows, erase, login, register, setCookieHeader, signUp } from './support'

describe('DELETE /v1/user (privacy: erase the account)', () => {
  it('erases personal data and progress, ends every session, keeps only anonymised ledger rows', async () => {
    const r = await register()
    const other = await register()
    const second = (await login(r.email)).body.user.token
    const db = env.DB
    const now = Date.now()
    const route = await db
      .prepare("INSERT INTO routes (language, slug, title) VALUES ('es', ?1, 'R') RETURNING id")
      .bind(`r-${now}`)
      .first<{ id: number }>()
    const unit = await db
      .prepare("INSERT INTO units (route_id, title) VALUES (?1, 'U') RETURNING id")
      .bind(route!.id)
      .first<{ id: number }>()
    await db.batch([
      db
        .prepare('INSERT INTO unit_progress (user_id, unit_id, position_seconds, updated_at) VALUES (?1, ?2, 30, ?3)')
        .bind(r.id, unit!.id, now),
      db.prepare("INSERT INTO likes (user_id, target_type, target_id) VALUES (?1, 'route', ?2)").bind(r.id, route!.id),
      db
        .prepare("INSERT INTO credit_ledger (user_id, amount_cents, reason, reference) VALUES (?1, 4500, 'topup', ?2)")
        .bind(r.id, `stripe:pi_${now}`),
      db
        .prepare("INSERT INTO credit_ledger (user_id, amount_cents, reason, reference) VALUES (?1, 1000, 'topup', ?2)")
        .bind(other.id, `stripe:pi_other_${now}`),
      db
        .prepare(
          "INSERT INTO transactions (user_id, amount_cents, kind, provider, provider_ref, status) VALUES (?1, 4500, 'topup', 'stripe', ?2, 'succeeded')",
        )
        .bind(r.id, `pi_${now}`),
      db
        .prepare("INSERT INTO contact_requests (email, reason, message) VALUES (?1, 'other', 'Hola, soy yo')")
        .bind(r.email),
      db
        .prepare("INSERT INTO tracking_sessions (session_id, user_id, utm_source) VALUES (?1, ?2, 'landing')")
        .bind(`s-${now}`, r.id),
    ])
    const me = await json(await api('/v1/user', { headers: bearer(r.token) }))
    expect(me.user.credits).toBe(45)

    const res = await erase(r.token, undefined, 'es')
    expect(res.status).toBe(200)
    expect((await json(res)).message).toBe('Tu cuenta se ha eliminado.')
    expect(setCookieHeader(res)).toMatch(/calma_session=;/)

    expect(await countRows('users', 'id = ?1 OR email = ?2', r.id, r.email)).toBe(0)
    for (const table of ['unit_progress', 'likes', 'consent_records'])
      expect(await countRows(table, 'user_id = ?1', r.id), table).toBe(0)
    expect(await countRows('contact_requests', 'email = ?1', r.email)).toBe(0)
    expect(await countRows('email_outbox', 'to_address = ?1', r.email)).toBe(0)
    // Accounting keeps its rows, with no one attached.
    expect(
      await countRows(
        'credit_ledger',
        'reference = ?1 AND user_id IS NULL AND amount_cents = 4500',
        `stripe:pi_${now}`,
      ),
    ).toBe(1)
    expect(await countRows('transactions', 'provider_ref = ?1 AND user_id IS NULL', `pi_${now}`)).toBe(1)
    expect(await countRows('tracking_sessions', 'session_id = ?1 AND user_id IS NULL', `s-${now}`)).toBe(1)
    // Nobody else is touched.
    expect(await countRows('credit_ledger', 'user_id = ?1', other.id)).toBe(1)
    expect((await api('/v1/user', { headers: bearer(other.token) })).status).toBe(200)
    // Every session of the erased user is over.
    expect((await api('/v1/user', { headers: bearer(r.token) })).status).toBe(401)
    expect((await api('/v1/user', { headers: bearer(second) })).status).toBe(401)
    expect((await login(r.email)).res.status).toBe(401)
    // The address may register again, as a new person.
    const again = await signUp({ email: r.email, legal_age: '1' })
    expect(again.status).toBe(201)
  })

  it('needs a session', async () => {
    const res = await api('/v1/user', { method: 'DELETE', locale: 'en', headers: { 'x-captcha-token': captcha() } })
    expect(res.status).toBe(401)
    expect((await json(res)).message).toBe('Unauthenticated.')
  })
})
