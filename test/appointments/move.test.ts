// Sessions you can move (issue 34 §3, decision 047) through the Worker, real D1 and the real
// HostSchedule object: one atomic move that keeps the credits, a race of moves of one session,
// the refusals (a taken slot, someone else's session, inside 24 hours), mail and .ics to both.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { Role } from '#shared/enums'
import { register, setRole } from '../users/support'
import { userChanged } from '../helpers'
import { appointments } from '#worker/db/schema'
import { makeAppointment, patch, patchUser } from '../factories'
import { balance, book, call, day, guest, host, madrid } from './support'

const move = (token: string, id: number, startAt: string, locale = 'en', current?: string) =>
  call(
    token,
    'POST',
    '/v1/appointment/move',
    { id: String(id), start_at: startAt, current_start_at: current ?? startsAt.get(id) ?? startAt },
    locale,
  )
/** The start each test's session had when booked (what the person saw). */
const startsAt = new Map<number, string>()
const row = (id: number) =>
  env.DB.prepare('SELECT start_at, end_at, status, moves FROM appointments WHERE id = ?1')
    .bind(id)
    .first<{ start_at: number; end_at: number; status: number; moves: number }>()
const ledgerRows = (userId: number) =>
  env.DB.prepare('SELECT amount_cents, reason, reference FROM credit_ledger WHERE user_id = ?1 ORDER BY id')
    .bind(userId)
    .all()
    .then((r) => r.results)

async function booked(dollars = 90) {
  const h = await host()
  const g = await guest(dollars)
  const start = madrid(day(6), 10)
  const { res, body } = await book(g.token, h.id, start)
  expect(res.status).toBe(201)
  startsAt.set(body.appointment.id, start)
  return { h, g, id: body.appointment.id as number, start }
}

/** `npm run test:deep` (VITE_FUZZ_RUNS, decision 031) sends 100 moves; every run, the 30. */
const MOVES = (import.meta as unknown as { env?: Record<string, string | undefined> }).env?.VITE_FUZZ_RUNS ? 100 : 30

describe('moving a session', () => {
  it(`${MOVES} concurrent moves of one session: exactly one moves it, the others 409 in their language; credits and ledger unchanged`, async () => {
    const { h, g, id } = await booked()
    const before = { balance: await balance(g.id), ledger: await ledgerRows(g.id) }
    expect(before.balance).toBe(4500)
    // Half ask for one same slot (the schedule object lets one hold it), half for slots of their
    // own (each holds its own: the conditional write lets one move the session).
    const same = madrid(day(7), 9)
    const targets = Array.from({ length: MOVES }, (_, i) =>
      i % 2 === 0 ? same : madrid(day(8 + Math.floor(i / 8)), 9 + ((i >> 1) % 4)),
    )
    const answers = await Promise.all(targets.map((t, i) => move(g.token, id, t, i % 3 === 0 ? 'es' : 'en')))
    const ok = answers.filter((a) => a.res.status === 200)
    const refused = answers.filter((a) => a.res.status !== 200)
    console.log(`    ${MOVES} concurrent moves of one session → ${ok.length} moved, ${refused.length} refused with 409`)
    expect(ok).toHaveLength(1)
    expect(new Set(refused.map((a) => a.res.status))).toEqual(new Set([409]))
    const messages = new Set(refused.map((a) => a.body.message))
    for (const m of messages)
      expect([
        'This session has just been moved or changed. Please look at it again.',
        'Someone has just booked this time. Please choose another one.',
        'Esta sesión se acaba de cambiar. Por favor, vuelve a mirarla.',
        'Alguien acaba de reservar esta hora. Por favor, elige otra.',
      ]).toContain(m)
    expect([...messages].some((m) => /Esta sesión|Alguien/.test(m))).toBe(true)

    // The session is where the one success put it, once, with its credits; nothing else is live.
    const won = targets[answers.indexOf(ok[0]!)]!
    expect(ok[0]!.body.appointment.start_at).toBe(new Date(won).toISOString())
    expect(ok[0]!.body.message).toBe(
      answers.indexOf(ok[0]!) % 3 === 0
        ? 'Sesión cambiada. Os hemos enviado la nueva hora por correo a los dos.'
        : 'Session moved. We have sent the new time to you both by email.',
    )
    const after = (await row(id))!
    expect(after.start_at).toBe(Date.parse(won))
    expect(after.end_at - after.start_at).toBe(3_600_000)
    expect(after.moves).toBe(1)
    const live = await env.DB.prepare('SELECT COUNT(*) AS n FROM appointments WHERE host_id = ?1 AND status IN (1, 2)')
      .bind(h.id)
      .first<{ n: number }>()
    expect(live!.n).toBe(1)
    expect(await balance(g.id)).toBe(before.balance)
    expect(await ledgerRows(g.id)).toEqual(before.ledger)

    // The slot it left is free again, the one it took is not.
    const date = day(6)
    const slots = await call(
      g.token,
      'GET',
      `/v1/appointment/slots?host_id=${h.id}&date=${date}&timezone=Europe/Madrid`,
    )
    expect(slots.body.slots.map((s: any) => s.time)).toContain('10:00')

    // The same tap again, about the time it had: refused; a move from where it is now goes through.
    const again = await move(g.token, id, madrid(day(13), 12))
    expect(again.res.status).toBe(409)
    expect(again.body.message).toBe('This session has just been moved or changed. Please look at it again.')
    const next = await move(g.token, id, madrid(day(13), 12), 'en', won)
    expect(next.res.status).toBe(200)
    expect((await row(id))!.moves).toBe(2)

    // Cancelled later, 24 hours or more before its new time: all its credits come back, once.
    const cancel = await call(g.token, 'POST', '/v1/appointment/cancel', { id: String(id), reason: '128' })
    expect(cancel.res.status).toBe(200)
    expect(cancel.body.refunded_credits).toBe(45)
    expect(await balance(g.id)).toBe(9000)
  })

  it('refuses a slot someone holds (409), the same time (422), a start off the grid (422), leaving the session where it was', async () => {
    const { h, id, g, start } = await booked()
    const other = await guest()
    const takenStart = madrid(day(7), 11)
    expect((await book(other.token, h.id, takenStart)).res.status).toBe(201)
    const taken = await move(g.token, id, takenStart, 'es')
    expect(taken.res.status).toBe(409)
    expect(taken.body.message).toBe('Alguien acaba de reservar esta hora. Por favor, elige otra.')
    const same = await move(g.token, id, start)
    expect(same.res.status).toBe(422)
    expect(same.body.errors.start_at).toEqual(['This is already the time of your session. Please choose another one.'])
    const off = await move(g.token, id, madrid(day(7), 15))
    expect(off.res.status).toBe(422)
    expect(off.body.errors.start_at).toBeDefined()
    expect((await row(id))!.start_at).toBe(Date.parse(start))
    expect((await row(id))!.moves).toBe(0)
  })

  it('only the guest moves it: someone else 404, the host 403, an admin 404', async () => {
    const { h, id, start } = await booked()
    const stranger = await guest()
    const target = madrid(day(7), 9)
    const theirs = await move(stranger.token, id, target, 'es')
    expect(theirs.res.status).toBe(404)
    expect(theirs.body.message).toBe('No pudimos encontrar tu cita')
    expect((await move(h.token, id, target)).res.status).toBe(403)
    const admin = await register()
    await setRole(admin.id, Role.admin)
    await userChanged(admin.id)
    expect((await move(admin.token, id, target)).res.status).toBe(404)
    expect((await row(id))!.start_at).toBe(Date.parse(start))
  })

  it('inside 24 hours of its start a session is not moved (the policy), in both languages; a cancelled one neither', async () => {
    const h = await host()
    const g = await guest()
    const soon = Date.now() + 20 * 3_600_000
    const soonId = await makeAppointment(g.id, h.id, soon, { priceCents: 4500 })
    const target = madrid(day(7), 9)
    const seen = new Date(soon).toISOString()
    const en = await move(g.token, soonId, target, 'en', seen)
    expect(en.res.status).toBe(409)
    expect(en.body.message).toBe('This session starts in less than 24 hours, so it can no longer be moved.')
    const es = await move(g.token, soonId, target, 'es', seen)
    expect(es.body.message).toBe('Esta sesión empieza en menos de 24 horas, así que ya no se puede cambiar.')
    expect((await row(soonId))!.start_at).toBe(soon)

    const { id, g: other } = await booked()
    await call(other.token, 'POST', '/v1/appointment/cancel', { id: String(id), reason: '1' })
    const gone = await move(other.token, id, target)
    expect(gone.res.status).toBe(409)
    expect(gone.body.message).toBe('This appointment can no longer be moved.')
  })
})

describe('moving a session: mail', () => {
  const outbox = (to: string) =>
    env.DB.prepare(
      "SELECT subject, text, attachments FROM email_outbox WHERE to_address = ?1 AND template = 'appointment' ORDER BY id",
    )
      .bind(to)
      .all<{ subject: string; text: string; attachments: string | null }>()
      .then((r) => r.results)
  /** The .ics of a mail, unfolded into its content lines. */
  const icsOf = (m: { attachments: string | null }) =>
    (JSON.parse(m.attachments!) as { filename: string; content: string }[])[0]!.content
      .replace(/\r\n[ \t]/g, '')
      .split('\r\n')
  const utc = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '')

  it('both sides get the new time, each in their language, with the same UID at SEQUENCE 1 (METHOD:REQUEST); the booking mail told the guest the policy', async () => {
    const { h, g, id } = await booked()
    await patchUser(h.id, { language: 'es', name: 'Lucía Host' })
    await patchUser(g.id, { language: 'en', name: 'Emma Guest' })
    const [bookedToGuest] = await outbox(g.email)
    expect(bookedToGuest!.text).toContain(
      'Cancellation policy: cancel or move this session up to 24 hours before it starts and your $45.00 in credits come back; if you cancel later, they are lost.',
    )
    const [bookedToHost] = await outbox(h.email)
    expect(bookedToHost!.text).not.toMatch(/policy|Política/i)
    const bookedUid = icsOf(bookedToGuest!).find((l) => l.startsWith('UID:'))

    // The day-before reminder of the old time went out: the new time gets its own.
    await patch(appointments, id, { reminderSentAt: new Date() })
    const target = madrid(day(9), 12)
    expect((await move(g.token, id, target)).res.status).toBe(200)
    const reminded = await env.DB.prepare('SELECT reminder_sent_at AS r FROM appointments WHERE id = ?1')
      .bind(id)
      .first<{ r: number | null }>()
    expect(reminded!.r).toBeNull()
    const toGuest = (await outbox(g.email)).at(-1)!
    const toHost = (await outbox(h.email)).at(-1)!
    expect(toGuest.subject).toMatch(/^Session moved: .+/)
    expect(toGuest.text).toMatch(/Your session with Lucía Host on .+ has moved to .+ \(Google Meet\)\./)
    expect(toHost.subject).toMatch(/^Sesión cambiada: .+/)
    expect(toHost.text).toMatch(/Tu sesión con Emma Guest del .+ ha cambiado al .+ \(Google Meet\)\./)
    for (const mail of [toGuest, toHost]) {
      const lines = icsOf(mail)
      expect(lines).toContain('METHOD:REQUEST')
      expect(lines.find((l) => l.startsWith('UID:'))).toBe(bookedUid)
      expect(bookedUid).toBe(`UID:appointment-${id}@calma.app`)
      expect(lines.filter((l) => l.startsWith('SEQUENCE:'))).toEqual(['SEQUENCE:1'])
      expect(lines).toContain(`DTSTART:${utc(target)}`)
      expect(lines).toContain(`DTEND:${utc(new Date(Date.parse(target) + 3_600_000).toISOString())}`)
    }
  })
})
