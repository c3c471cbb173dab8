// From the outside review of 9b1e6ab: a D1 failure of the caller's confirmation answers 503 and leaves
// nothing half-written (booking, move, a cancel with a refund, a confirm, mails); the failure is not
// kept past its request; a session that ended or a demoted host still get 401 / 403, never 503.
import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { AppointmentStatus, Role } from '#shared/enums'
import { balance, book, call, day, failD1Statements, guest, host, madrid } from './support'
import { setRole } from '../users/support'

/** The read of `userId`'s row at D1's primary (the caller's confirmation) fails, every time. */
const failCallerReads = (userId: number) =>
  failD1Statements((sql, args) => args[0] === userId && /from "users" where "users"\."id" = \?/.test(sql), {
    inSession: (c) => c === 'first-primary',
  })

const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n
const mails = () => count('SELECT COUNT(*) AS n FROM email_outbox')
const rowOf = (id: number) =>
  env.DB.prepare(
    'SELECT status, start_at, moves, confirmed_by_guest_at, confirmed_by_host_at FROM appointments WHERE id = ?1',
  )
    .bind(id)
    .first()

describe('D1 failing the caller’s confirmation', () => {
  it('a guest’s booking answers 503: no row, no debit, no mail', async () => {
    const h = await host()
    const g = await guest()
    const before = { bal: await balance(g.id), mails: await mails() }
    const failed = failCallerReads(g.id)
    const r = await book(g.token, h.id, madrid(day(6), 10), 'es')
    vi.restoreAllMocks()
    expect(failed()).toBeGreaterThan(0)
    expect(r.res.status).toBe(503)
    expect(await count('SELECT COUNT(*) AS n FROM appointments WHERE guest_id = ?1', g.id)).toBe(0)
    expect(await balance(g.id)).toBe(before.bal)
    expect(await mails()).toBe(before.mails)
    // Not kept: the next request books.
    expect((await book(g.token, h.id, madrid(day(6), 10), 'es')).res.status).toBe(201)
  })

  it('a guest’s move and an early cancel (full refund) answer 503: nothing moved, refunded or mailed', async () => {
    const h = await host()
    const g = await guest()
    const { body } = await book(g.token, h.id, madrid(day(6), 10))
    const id = body.appointment.id as number
    const start = body.appointment.start_at as string
    const before = { row: await rowOf(id), bal: await balance(g.id), mails: await mails() }
    failCallerReads(g.id)
    const moveR = await call(
      g.token,
      'POST',
      '/v1/appointment/move',
      { id: String(id), start_at: madrid(day(7), 11), current_start_at: start },
      'es',
    )
    const cancelR = await call(g.token, 'POST', '/v1/appointment/cancel', { id: String(id), reason: '1' }, 'en')
    vi.restoreAllMocks()
    expect(moveR.res.status).toBe(503)
    expect(cancelR.res.status).toBe(503)
    expect(moveR.body.message).toBeTruthy()
    expect(await rowOf(id)).toEqual(before.row)
    expect(await balance(g.id)).toBe(before.bal)
    expect(await mails()).toBe(before.mails)
    // And then, with D1 back, the cancel refunds once.
    const ok = await call(g.token, 'POST', '/v1/appointment/cancel', { id: String(id), reason: '1' }, 'en')
    expect(ok.res.status).toBe(200)
    expect(await balance(g.id)).toBeGreaterThan(before.bal)
  })

  it('with D1 up, a session ended by a password change is 401 and a demoted host 403 (never 503)', async () => {
    const h = await host()
    const g = await guest()
    const { body } = await book(g.token, h.id, madrid(day(6), 10))
    const id = body.appointment.id as number
    await env.DB.prepare("UPDATE users SET password_hash = 'changed-elsewhere' WHERE id = ?1").bind(g.id).run()
    const guestR = await call(g.token, 'POST', '/v1/appointment/confirm', { id: String(id) }, 'es')
    expect(guestR.res.status).toBe(401)
    await env.DB.prepare('UPDATE users SET role = ?1 WHERE id = ?2').bind(Role.patient, h.id).run()
    const hostR = await call(h.token, 'POST', '/v1/appointment/confirm', { id: String(id) }, 'es')
    expect(hostR.res.status).toBe(403)
    const hostCancel = await call(h.token, 'POST', '/v1/appointment/cancel', { id: String(id), reason: '1' }, 'es')
    expect([401, 403]).toContain(hostCancel.res.status)
    expect(await rowOf(id)).toMatchObject({
      status: AppointmentStatus.pending,
      confirmed_by_guest_at: null,
      confirmed_by_host_at: null,
    })
    void setRole
  })
})
