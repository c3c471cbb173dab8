// Booking and cancelling in one batch each (decision 084): the mails are written by the very batch
// that made the change (never by a concurrent request that found it made), carry the id that
// batch gave, and nothing is written when the booking or the caller is refused.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { CancellationReason } from '#shared/enums'
import { api, json } from '../helpers'
import { bearer } from '../users/support'
import { balance, book, call, day, guest, host, madrid } from './support'

const mailsTo = (to: string) =>
  env.DB.prepare(
    "SELECT subject, html, text, attachments FROM email_outbox WHERE to_address = ?1 AND template = 'appointment' ORDER BY id",
  )
    .bind(to)
    .all<{ subject: string; html: string; text: string; attachments: string | null }>()
    .then((r) => r.results)

const rowsOf = (guestId: number) =>
  env.DB.prepare('SELECT id, status FROM appointments WHERE guest_id = ?1')
    .bind(guestId)
    .all<{ id: number; status: number }>()
    .then((r) => r.results)

describe('booking and cancelling write their mails in their own batch (decision 084)', () => {
  it('the same booking sent 8 times at once: one booking, one mail to each side, with the new id in its link and calendar file', async () => {
    const h = await host()
    const g = await guest()
    const start = madrid(day(5), 10)
    const answers = await Promise.all(Array.from({ length: 8 }, () => book(g.token, h.id, start)))
    const statuses = answers.map((a) => a.res.status).sort()
    expect(
      statuses.filter((s) => s === 201),
      JSON.stringify(statuses),
    ).toHaveLength(1)
    expect(
      statuses.filter((s) => s !== 201 && s !== 409),
      JSON.stringify(statuses),
    ).toEqual([])
    const id = answers.find((a) => a.res.status === 201)!.body.appointment.id as number
    for (const to of [g.email, h.email]) {
      const mails = await mailsTo(to)
      expect(mails, to).toHaveLength(1)
      const [m] = mails
      for (const part of [m!.subject, m!.html, m!.text, m!.attachments ?? ''])
        expect(part).not.toContain('CalmaAppointmentId')
      expect(new URL(/https?:\/\/\S+\/appointment\/\?\S+/.exec(m!.text)![0]).searchParams.get('appointment_id')).toBe(
        String(id),
      )
      expect(m!.html).toContain(`appointment_id=${id}&amp;`)
      expect(m!.attachments).toContain(`UID:appointment-${id}@calma.app`)
    }
    expect(await balance(g.id)).toBe(90_00 - 4_500)
  })

  it('a cancel sent 8 times at once: one cancellation, one refund, one mail to each side', async () => {
    const h = await host()
    const g = await guest()
    const booked = await book(g.token, h.id, madrid(day(6), 11))
    expect(booked.res.status).toBe(201)
    const id = String(booked.body.appointment.id)
    const before = await balance(g.id)
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(g.token, 'POST', '/v1/appointment/cancel', {
          id,
          reason: String(CancellationReason.schedule_conflict),
        }),
      ),
    )
    const statuses = answers.map((a) => a.res.status)
    expect(
      statuses.filter((s) => s === 200),
      JSON.stringify(statuses),
    ).toHaveLength(1)
    expect(
      statuses.filter((s) => s !== 200 && s !== 409),
      JSON.stringify(statuses),
    ).toEqual([])
    const refunded = answers.find((a) => a.res.status === 200)!.body.refunded_credits as number
    expect(await balance(g.id)).toBe(before + refunded * 100)
    expect(refunded).toBeGreaterThan(0)
    for (const to of [g.email, h.email]) {
      const mails = await mailsTo(to)
      expect(
        mails.map((m) => m.attachments?.includes('STATUS:CANCELLED') ?? false),
        to,
      ).toEqual([false, true])
    }
  })

  it('a refused booking writes nothing: no appointment, no debit, no mail', async () => {
    const h = await host()
    const poor = await guest(10)
    const { res } = await book(poor.token, h.id, madrid(day(5), 12))
    expect(res.status).toBe(402)
    expect(await rowsOf(poor.id)).toEqual([])
    expect(await mailsTo(poor.email)).toEqual([])
    expect(await mailsTo(h.email)).toEqual([])
    expect(await balance(poor.id)).toBe(10_00)
  })

  it('a caller whose password D1 changed (their session ended elsewhere, KV not told yet) books and cancels nothing: 401', async () => {
    const h = await host()
    const g = await guest()
    const booked = await book(g.token, h.id, madrid(day(7), 10))
    expect(booked.res.status).toBe(201)
    // Written in D1 alone, as a change at another location is before KV carries it (decision 038).
    await env.DB.prepare("UPDATE users SET password_hash = 'changed-elsewhere' WHERE id = ?1").bind(g.id).run()
    const again = await book(g.token, h.id, madrid(day(7), 11))
    expect(again.res.status, JSON.stringify(again.body)).toBe(401)
    const cancelled = await api('/v1/appointment/cancel', {
      method: 'POST',
      headers: bearer(g.token),
      form: { id: String(booked.body.appointment.id), reason: String(CancellationReason.schedule_conflict) },
    })
    expect(cancelled.status, JSON.stringify(await json(cancelled))).toBe(401)
    expect((await rowsOf(g.id)).map((r) => r.status)).toEqual([1])
    expect(await mailsTo(g.email)).toHaveLength(1)
  })
})
