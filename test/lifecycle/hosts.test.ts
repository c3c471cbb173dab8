// The lifecycle table's cells about sessions (issue 41 §1; docs/decisions/058, docs/API.md
// "People who leave, sessions that end"): people who leave (erased, by themselves or an admin, or
// a role removed) × the sessions they host and booked, the credits, the mail waiting and who is
// told; and time passing (the closing job). Everything through the Worker: the calls people make,
// the minute cron as Cloudflare runs it, D1 as it is.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { AppointmentStatus, Role } from '#shared/enums'
import { SESSION_PRICE_CENTS } from '#shared/limits'
import { givenCredits, patchUser, retime } from '../factories'
import { api, minuteCron } from '../helpers'
import { bearer, erase, register, saveRole, setRole } from '../users/support'
import { balance, book, call, dayIn, guest, host, madrid } from '../appointments/support'

const HOUR = 3_600_000

// ── What a test reads ────────────────────────────────────────────────────────────────────────

const statusOf = async (id: number) =>
  (await env.DB.prepare('SELECT status FROM appointments WHERE id = ?1').bind(id).first<{ status: number }>())
    ?.status ?? null

/** The appointment mails written to `email`, oldest first. */
const mailsTo = async (email: string) =>
  (
    await env.DB.prepare(
      "SELECT subject, text, locale FROM email_outbox WHERE template = 'appointment' AND to_address = ?1 ORDER BY id",
    )
      .bind(email)
      .all<{ subject: string; text: string; locale: string }>()
  ).results

/** The refund rows of an appointment (reason appointment_refund): the user they went to and the amount. */
const refundsOf = async (id: number) =>
  (
    await env.DB.prepare(
      "SELECT user_id, amount_cents FROM credit_ledger WHERE reason = 'appointment_refund' AND reference = ?1",
    )
      .bind(`appointment:${id}`)
      .all<{ user_id: number | null; amount_cents: number }>()
  ).results

const countOf = async (sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .first<{ n: number }>()
  )?.n ?? 0

// ── Who and what ─────────────────────────────────────────────────────────────────────────────

/** The first admin, straight in D1 (no call makes the first one). */
async function anAdmin() {
  const a = await register({ name: 'Admin' })
  await setRole(a.id, Role.admin)
  return a
}

/** A booked session of `g` with `h`, `days` ahead at `hour` (Madrid): its id. */
async function booked(g: { token: string }, h: { id: number }, days = 3, hour = 10) {
  const b = await book(g.token, h.id, madrid(dayIn('Europe/Madrid', days), hour))
  expect(b.res.status, JSON.stringify(b.body)).toBe(201)
  return b.body.appointment.id as number
}

/** Both sides confirm `id` (the host while still a psychologist). */
async function confirmBoth(id: number, g: { token: string }, h: { token: string }) {
  expect((await call(g.token, 'POST', '/v1/appointment/confirm', { id: String(id) })).res.status).toBe(200)
  expect((await call(h.token, 'POST', '/v1/appointment/confirm', { id: String(id) })).res.status).toBe(200)
}

/**
 * A psychologist with a guest who booked two sessions: one to come (in 3 days) and one that took
 * place (confirmed by both, started 3 hours ago, ended 2 hours ago: not yet closed).
 */
async function hostWithSessions(guestLanguage: 'en' | 'es' = 'en') {
  const h = await host()
  const g = await guest(90)
  if (guestLanguage === 'es') await patchUser(g.id, { language: 'es' })
  const coming = await booked(g, h, 3, 10)
  const past = await booked(g, h, 4, 10)
  await confirmBoth(past, g, h)
  await retime(past, Date.now() - 3 * HOUR)
  return { h, g, coming, past }
}

type Leaving = 'self' | 'admin' | 'demoted'
/** The host leaves: erases their account, is erased by an admin, or an admin removes the role. */
async function leave(how: Leaving, h: { id: number; token: string }) {
  if (how === 'self') return expect((await erase(h.token)).status).toBe(200)
  const boss = await anAdmin()
  if (how === 'admin') return expect((await erase(boss.token, h.id)).status).toBe(200)
  expect((await saveRole(bearer(boss.token), h.id, Role.patient)).status).toBe(200)
}

/** The minute cron at `at` (never minute 30, when the hourly retention runs too). */
const cronAt = (at: number) => minuteCron(undefined, new Date(at).getUTCMinutes() === 30 ? at + 60_000 : at)

// ── Psychologists who leave ──────────────────────────────────────────────────────────────────

const ROWS: [string, Leaving][] = [
  ['erasure of a psychologist (self)', 'self'],
  ['erasure of a psychologist (by an admin)', 'admin'],
  ['psychologist role removed', 'demoted'],
]

for (const [row, how] of ROWS) {
  describe(row, () => {
    it(`[${row} × sessions they host] the session to come is cancelled, not gone; the one that took place stays in the guest's history`, async () => {
      const { h, g, coming, past } = await hostWithSessions()
      await leave(how, h)
      expect(await statusOf(coming)).toBe(AppointmentStatus.cancelled)
      // The guest's cancel now meets a cancelled session (409), never a missing one (404).
      const again = await call(g.token, 'POST', '/v1/appointment/cancel', { id: String(coming), reason: '1' })
      expect(again.res.status).toBe(409)
      // The history lists both, with the host (null once erased), and no error.
      const list = await call(g.token, 'GET', '/v1/appointments?with_relations=host&with_properties=status')
      expect(list.res.status).toBe(200)
      const byId = new Map((list.body.appointments as any[]).map((a) => [a.id, a]))
      expect(byId.get(coming)?.status).toBe(AppointmentStatus.cancelled)
      expect(byId.get(past)?.start_at).toBeTruthy()
      if (how !== 'demoted') {
        expect(byId.get(past)?.host_id).toBeNull()
        expect(byId.get(past)?.host).toBeNull()
      }
      // The history tab's page renders too.
      const page = await api('/en/appointments?tab=appointments', { headers: bearer(g.token) })
      expect(page.status).toBeLessThan(500)
    })

    it(`[${row} × sessions they booked] their own bookings with another psychologist ${how === 'demoted' ? 'stay live' : 'are cancelled and that psychologist is told'}`, async () => {
      const { h, coming } = await hostWithSessions()
      // The leaving psychologist also booked a session of their own with another one.
      const other = await host()
      await patchUser(h.id, { phone: '+34600111333' })
      await givenCredits(h.id, SESSION_PRICE_CENTS, 'seed', `test:own:${h.id}`)
      const own = await booked(h, other, 5, 11)
      await leave(how, h)
      expect(await statusOf(coming)).toBe(AppointmentStatus.cancelled)
      if (how === 'demoted') {
        // Losing the role changes nothing of what they booked as a guest.
        expect(await statusOf(own)).toBe(AppointmentStatus.pending)
        expect((await mailsTo((await emailOf(other.id))!)).map((m) => m.subject)).not.toContainEqual(
          expect.stringContaining('cancelled'),
        )
      } else {
        // Erased with the account, after the other psychologist heard of it and the time came free.
        expect(await statusOf(own)).toBeNull()
        const told = (await mailsTo((await emailOf(other.id))!)).filter((m) =>
          m.subject.startsWith('Session cancelled'),
        )
        expect(told).toHaveLength(1)
        expect(told[0]!.text).toContain('has closed their Calma account')
      }
    })

    it(`[${row} × credits and refunds] the guest gets the session to come back in full, once; the one that took place is not refunded`, async () => {
      const { h, g, coming, past } = await hostWithSessions()
      const before = await balance(g.id)
      await leave(how, h)
      expect((await balance(g.id)) - before).toBe(SESSION_PRICE_CENTS)
      expect(await refundsOf(coming)).toEqual([{ user_id: g.id, amount_cents: SESSION_PRICE_CENTS }])
      expect(await refundsOf(past)).toEqual([])
      // The guest's cancel of the one that took place is refused, and pays nothing.
      const late = await call(g.token, 'POST', '/v1/appointment/cancel', { id: String(past), reason: '1' })
      expect(late.res.status).toBe(409)
      expect(late.body.message).toBe('This session has already started, so it can no longer be cancelled.')
      expect((await balance(g.id)) - before).toBe(SESSION_PRICE_CENTS)
    })

    it(`[${row} × pending mail] no reminder of the cancelled session goes out; the guest's mail about it is written once`, async () => {
      const { h, g, coming } = await hostWithSessions()
      const start = Number(
        (await env.DB.prepare('SELECT start_at FROM appointments WHERE id = ?1')
          .bind(coming)
          .first<{ start_at: number }>())!.start_at,
      )
      await leave(how, h)
      // When the day-before and hour-before reminders would go out.
      await cronAt(start - 20 * HOUR)
      await cronAt(start - 50 * 60_000)
      const mails = await mailsTo(g.email)
      expect(mails.filter((m) => /Tomorrow|In one hour/.test(m.subject))).toHaveLength(0)
      expect(
        mails.filter((m) => m.subject.startsWith('Your session on') && m.subject.endsWith('is cancelled')),
      ).toHaveLength(1)
    })

    it(`[${row} × notices] the guest is told kindly in their own language, with the credits given back; the host is not mailed`, async () => {
      const { h, g } = await hostWithSessions('es')
      const hostMails = (await mailsTo(h.email)).length
      await leave(how, h)
      const told = (await mailsTo(g.email)).filter((m) => m.subject.includes('está cancelada'))
      expect(told).toHaveLength(1)
      expect(told[0]!.locale).toBe('es')
      expect(told[0]!.text).toContain('ya no atiende en Calma')
      expect(told[0]!.text).toContain('45,00')
      expect((await mailsTo(h.email)).length).toBeLessThanOrEqual(hostMails)
    })
  })
}

const emailOf = async (id: number) =>
  (await env.DB.prepare('SELECT email FROM users WHERE id = ?1').bind(id).first<{ email: string }>())?.email ?? null

// ── A patient erased ─────────────────────────────────────────────────────────────────────────

describe('erasure of a patient', () => {
  const row = 'erasure of a patient'

  it(`[${row} × sessions they host] a former psychologist's session still live is cancelled with the guest's credits back`, async () => {
    // A psychologist whose role changed behind the product's back (straight in D1) still hosts it.
    const { h, g, coming } = await hostWithSessions()
    await setRole(h.id, Role.patient)
    const before = await balance(g.id)
    expect((await erase(h.token)).status).toBe(200)
    expect(await statusOf(coming)).toBe(AppointmentStatus.cancelled)
    expect((await balance(g.id)) - before).toBe(SESSION_PRICE_CENTS)
  })

  it(`[${row} × sessions they booked] the session to come is cancelled before the erasure: the psychologist's time is free again`, async () => {
    const h = await host()
    const g = await guest(90)
    const start = madrid(dayIn('Europe/Madrid', 3), 10)
    const b = await book(g.token, h.id, start)
    expect(b.res.status).toBe(201)
    expect((await erase(g.token)).status).toBe(200)
    // The cancellation was written (the refund row keyed by the appointment stays, anonymised), and the slot is offered again.
    expect(await refundsOf(b.body.appointment.id)).toHaveLength(1)
    const other = await guest(90)
    expect((await book(other.token, h.id, start)).res.status).toBe(201)
  })

  it(`[${row} × credits and refunds] their own cancellation's rule: a session 24 h or more away comes back to the balance that leaves with them; a late one does not`, async () => {
    const h = await host()
    const g = await guest(90)
    const early = await booked(g, h, 3, 10)
    const late = await booked(g, h, 4, 11)
    await retime(late, Date.now() + 5 * HOUR)
    expect((await erase(g.token)).status).toBe(200)
    // The ledger keeps them for the accounts, with no person (docs/API.md DELETE /v1/user).
    expect(await refundsOf(early)).toEqual([{ user_id: null, amount_cents: SESSION_PRICE_CENTS }])
    expect(await refundsOf(late)).toEqual([])
    expect(await countOf('SELECT COUNT(*) AS n FROM credit_ledger WHERE user_id = ?1', g.id)).toBe(0)
  })

  it(`[${row} × pending mail] the psychologist is told once, and no reminder of the session goes out`, async () => {
    const h = await host()
    const g = await guest(90)
    const id = await booked(g, h, 2, 10)
    const start = Date.now() + 30 * HOUR
    await retime(id, start)
    expect((await erase(g.token)).status).toBe(200)
    await cronAt(start - 20 * HOUR)
    const mails = await mailsTo(h.email)
    expect(mails.filter((m) => m.subject.startsWith('Tomorrow'))).toHaveLength(0)
    expect(mails.filter((m) => m.subject.startsWith('Session cancelled'))).toHaveLength(1)
    // Nothing waits in the outbox for the person who left.
    expect(await countOf('SELECT COUNT(*) AS n FROM email_outbox WHERE to_address = ?1', g.email)).toBe(0)
  })

  it(`[${row} × notices] the psychologist hears it in their own language; the patient who left is not written to`, async () => {
    const h = await host()
    await patchUser(h.id, { language: 'es' })
    const g = await guest(90)
    await booked(g, h, 3, 10)
    expect((await erase(g.token)).status).toBe(200)
    const told = (await mailsTo(h.email)).filter((m) => m.subject.startsWith('Sesión cancelada'))
    expect(told).toHaveLength(1)
    expect(told[0]!.text).toContain('ha cerrado su cuenta de Calma')
    expect(told[0]!.text).toContain('vuelve a estar libre')
  })
})

// ── An admin erased ──────────────────────────────────────────────────────────────────────────

describe('erasure of an admin', () => {
  const row = 'erasure of an admin'

  it(`[${row} × sessions they host] an admin's own sessions to come are cancelled with the guest told; others' sessions the admin cancelled or did not touch stay as they were`, async () => {
    // An admin hosts (appointments.service hostsNow): a psychologist made admin keeps the agenda.
    const { h: boss, g, coming } = await hostWithSessions()
    await setRole(boss.id, Role.admin)
    const other = await hostWithSessions()
    const cancelledByAdmin = await call(boss.token, 'POST', '/v1/appointment/cancel', {
      id: String(other.coming),
      reason: '4',
    })
    expect(cancelledByAdmin.res.status).toBe(200)
    expect((await erase(boss.token)).status).toBe(200)
    expect(await statusOf(coming)).toBe(AppointmentStatus.cancelled)
    expect((await mailsTo(g.email)).filter((m) => m.subject.endsWith('is cancelled'))).toHaveLength(1)
    // The session the admin cancelled stays cancelled (no one named as who cancelled it); the other host's past one is untouched.
    expect(await statusOf(other.coming)).toBe(AppointmentStatus.cancelled)
    expect(
      await countOf('SELECT COUNT(*) AS n FROM appointments WHERE id = ?1 AND cancelled_by IS NULL', other.coming),
    ).toBe(1)
    expect(await statusOf(other.past)).toBe(AppointmentStatus.confirmed)
  })

  it(`[${row} × sessions they booked] a session the admin booked is cancelled and its psychologist told`, async () => {
    const boss = await anAdmin()
    await patchUser(boss.id, { phone: '+34600111444', timezone: 'Europe/Madrid' })
    await givenCredits(boss.id, SESSION_PRICE_CENTS, 'seed', `test:admin:${boss.id}`)
    const h = await host()
    await booked(boss, h, 3, 12)
    expect((await erase(boss.token)).status).toBe(200)
    expect((await mailsTo(h.email)).filter((m) => m.subject.startsWith('Session cancelled'))).toHaveLength(1)
  })

  it(`[${row} × credits and refunds] what the admin gave others stays theirs; the guests of the admin's sessions get them back`, async () => {
    const { h: boss, g, coming } = await hostWithSessions()
    await setRole(boss.id, Role.admin)
    const p = await guest(0)
    const adjusted = await call(boss.token, 'POST', '/v1/admin/user/credits', {
      user_id: String(p.id),
      amount_cents: '1000',
      reason: 'goodwill',
    })
    expect(adjusted.res.status, JSON.stringify(adjusted.body)).toBe(200)
    const before = await balance(g.id)
    expect((await erase(boss.token)).status).toBe(200)
    expect(await balance(p.id)).toBe(1000)
    expect((await balance(g.id)) - before).toBe(SESSION_PRICE_CENTS)
    expect(await refundsOf(coming)).toHaveLength(1)
  })

  it(`[${row} × pending mail] nobody is written to about sessions the admin had nothing to do with`, async () => {
    const boss = await anAdmin()
    const { g, h } = await hostWithSessions()
    // The admin's own session somewhere (so the erasure has something to cancel) — with another pair.
    const own = await hostWithSessions()
    await setRole(own.h.id, Role.admin)
    const guestMails = (await mailsTo(g.email)).length
    const hostMails = (await mailsTo(h.email)).length
    expect((await erase(boss.token)).status).toBe(200)
    expect((await erase(own.h.token)).status).toBe(200)
    expect((await mailsTo(g.email)).length).toBe(guestMails)
    expect((await mailsTo(h.email)).length).toBe(hostMails)
    expect((await mailsTo(own.g.email)).filter((m) => m.subject.endsWith('is cancelled'))).toHaveLength(1)
  })

  it(`[${row} × notices] the audit trail of what the admin did stays, with no one attached`, async () => {
    const { h: boss, g } = await hostWithSessions()
    await setRole(boss.id, Role.admin)
    const p = await guest(0)
    expect((await saveRole(bearer(boss.token), p.id, Role.publisher)).status).toBe(200)
    const trail = await countOf('SELECT COUNT(*) AS n FROM audit_log WHERE actor_id = ?1', boss.id)
    expect(trail).toBeGreaterThan(0)
    expect((await erase(boss.token)).status).toBe(200)
    expect(
      await countOf("SELECT COUNT(*) AS n FROM audit_log WHERE actor_id IS NULL AND action = 'POST /v1/admin/user'"),
    ).toBeGreaterThanOrEqual(trail)
    // And the guest of the admin's session was told (the cell's one notice).
    expect((await mailsTo(g.email)).filter((m) => m.subject.endsWith('is cancelled'))).toHaveLength(1)
  })
})

// ── A publisher's or an admin's role removed ─────────────────────────────────────────────────

describe('publisher/admin role removed', () => {
  const row = 'publisher/admin role removed'

  it(`[${row} × sessions they host] an admin who hosts and is made a patient: the sessions to come are cancelled; a publisher's removal touches none`, async () => {
    const boss = await anAdmin()
    const { h: hostingAdmin, coming, past } = await hostWithSessions()
    await setRole(hostingAdmin.id, Role.admin)
    const pub = await hostWithSessions()
    // A publisher (who hosts nothing) whose own session as a guest must not move either.
    await setRole(pub.g.id, Role.publisher)
    expect((await saveRole(bearer(boss.token), hostingAdmin.id, Role.patient)).status).toBe(200)
    expect((await saveRole(bearer(boss.token), pub.g.id, Role.patient)).status).toBe(200)
    expect(await statusOf(coming)).toBe(AppointmentStatus.cancelled)
    expect(await statusOf(past)).toBe(AppointmentStatus.confirmed)
    expect(await statusOf(pub.coming)).toBe(AppointmentStatus.pending)
  })

  it(`[${row} × sessions they booked] what they booked as a guest stays live`, async () => {
    const boss = await anAdmin()
    const { h: hostingAdmin, coming } = await hostWithSessions()
    await setRole(hostingAdmin.id, Role.admin)
    const other = await host()
    await patchUser(hostingAdmin.id, { phone: '+34600111555' })
    await givenCredits(hostingAdmin.id, SESSION_PRICE_CENTS, 'seed', `test:own:${hostingAdmin.id}`)
    const own = await booked(hostingAdmin, other, 5, 12)
    expect((await saveRole(bearer(boss.token), hostingAdmin.id, Role.publisher)).status).toBe(200)
    expect(await statusOf(own)).toBe(AppointmentStatus.pending)
    expect(await statusOf(coming)).toBe(AppointmentStatus.cancelled)
  })

  it(`[${row} × credits and refunds] the guests of a demoted admin's sessions get them back in full; a publisher's removal moves no credits`, async () => {
    const boss = await anAdmin()
    const { h: hostingAdmin, g } = await hostWithSessions()
    await setRole(hostingAdmin.id, Role.admin)
    const pub = await guest(45)
    await setRole(pub.id, Role.publisher)
    const before = await balance(g.id)
    expect((await saveRole(bearer(boss.token), hostingAdmin.id, Role.patient)).status).toBe(200)
    expect((await saveRole(bearer(boss.token), pub.id, Role.patient)).status).toBe(200)
    expect((await balance(g.id)) - before).toBe(SESSION_PRICE_CENTS)
    expect(await balance(pub.id)).toBe(4500)
  })

  it(`[${row} × pending mail] a publisher's removal writes no mail; a demoted admin's guest hears once`, async () => {
    const boss = await anAdmin()
    const pub = await guest(0)
    await setRole(pub.id, Role.publisher)
    const { h: hostingAdmin, g } = await hostWithSessions()
    await setRole(hostingAdmin.id, Role.admin)
    const outbox = await countOf('SELECT COUNT(*) AS n FROM email_outbox')
    expect((await saveRole(bearer(boss.token), pub.id, Role.patient)).status).toBe(200)
    expect(await countOf('SELECT COUNT(*) AS n FROM email_outbox')).toBe(outbox)
    expect((await saveRole(bearer(boss.token), hostingAdmin.id, Role.patient)).status).toBe(200)
    expect((await mailsTo(g.email)).filter((m) => m.subject.endsWith('is cancelled'))).toHaveLength(1)
  })

  it(`[${row} × notices] the guest is told in their language; the demoted admin is not mailed`, async () => {
    const boss = await anAdmin()
    const { h: hostingAdmin, g } = await hostWithSessions('es')
    await setRole(hostingAdmin.id, Role.admin)
    const adminMails = (await mailsTo(hostingAdmin.email)).length
    expect((await saveRole(bearer(boss.token), hostingAdmin.id, Role.patient)).status).toBe(200)
    const told = (await mailsTo(g.email)).filter((m) => m.subject.includes('está cancelada'))
    expect(told).toHaveLength(1)
    expect(told[0]!.text).toContain('No es nada que hayas hecho tú')
    expect((await mailsTo(hostingAdmin.email)).length).toBe(adminMails)
  })
})

// ── Time passes: the closing job ─────────────────────────────────────────────────────────────

describe('time passes (the closing job)', () => {
  const row = 'time passes (the closing job)'

  it(`[${row} × sessions they host] a session that ended 6 hours ago is closed as attended; a later role removal cannot reopen it`, async () => {
    const { h, g, past } = await hostWithSessions()
    // Ended 2 hours ago: still open for the host to close it or report otherwise.
    await cronAt(Date.now())
    expect(await statusOf(past)).toBe(AppointmentStatus.confirmed)
    // Ended over 6 hours ago.
    await retime(past, Date.now() - 8 * HOUR)
    await cronAt(Date.now())
    expect(await statusOf(past)).toBe(AppointmentStatus.attended)
    await setRole(h.id, Role.patient)
    const cancel = await call(g.token, 'POST', '/v1/appointment/cancel', { id: String(past), reason: '1' })
    expect(cancel.res.status).toBe(409)
    expect(await statusOf(past)).toBe(AppointmentStatus.attended)
  })

  it(`[${row} × sessions they booked] the guest cannot cancel a session that has started, even before it closes; one the psychologist never accepted is closed as not held`, async () => {
    const h = await host()
    const g = await guest(135)
    const started = await booked(g, h, 3, 10)
    await retime(started, Date.now() - 30 * 60_000)
    const refused = await call(g.token, 'POST', '/v1/appointment/cancel', { id: String(started), reason: '1' }, 'es')
    expect(refused.res.status).toBe(409)
    expect(refused.body.message).toBe('Esta sesión ya ha empezado, así que ya no se puede cancelar.')
    expect(await statusOf(started)).toBe(AppointmentStatus.pending)
    // Never confirmed by the psychologist, ended 7 hours ago: not held, its credits back, the guest told.
    const neverAccepted = await booked(g, h, 4, 10)
    await retime(neverAccepted, Date.now() - 8 * HOUR)
    await cronAt(Date.now())
    expect(await statusOf(neverAccepted)).toBe(AppointmentStatus.cancelled)
    expect((await mailsTo(g.email)).filter((m) => m.subject.endsWith('did not take place'))).toHaveLength(1)
  })

  it(`[${row} × credits and refunds] closing pays nothing; a session never held gives all back, once, however often the job runs`, async () => {
    const { h, g, past } = await hostWithSessions()
    await givenCredits(g.id, SESSION_PRICE_CENTS, 'seed', `test:more:${g.id}`)
    const neverAccepted = await booked(g, h, 5, 10)
    await retime(past, Date.now() - 8 * HOUR)
    await retime(neverAccepted, Date.now() - 10 * HOUR)
    const before = await balance(g.id)
    await cronAt(Date.now())
    await cronAt(Date.now() + 60_000)
    expect(await statusOf(past)).toBe(AppointmentStatus.attended)
    expect(await refundsOf(past)).toEqual([])
    expect(await refundsOf(neverAccepted)).toEqual([{ user_id: g.id, amount_cents: SESSION_PRICE_CENTS }])
    expect((await balance(g.id)) - before).toBe(SESSION_PRICE_CENTS)
    // The guest's late cancel of the attended one: refused, nothing paid.
    await setRole(h.id, Role.patient)
    expect((await call(g.token, 'POST', '/v1/appointment/cancel', { id: String(past), reason: '1' })).res.status).toBe(
      409,
    )
    expect((await balance(g.id)) - before).toBe(SESSION_PRICE_CENTS)
  })
})
