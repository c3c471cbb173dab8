// Appointment mail and calendar files (issue 9 §7): both sides told in their language, the
// booking mail's one-time link, the .ics in each one's zone across a clock change, reminders once.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { AppointmentStatus, MeetingChannel, Role } from '#shared/enums'
import { runScheduled } from '#worker/cron/index'
import { instantOf } from '#worker/lib/zones'
import { api, json } from '../helpers'
import { givenCredits, makeAppointment, patchUser } from '../factories'
import { bearer, register, setRole, signInWithLink } from '../users/support'
import { openHours } from './support'

async function people() {
  const h = await register({}, 'es')
  await setRole(h.id, Role.psychologist)
  await patchUser(h.id, {
    psychologistOpenToGetAppointment: true,
    timezone: 'Europe/Madrid',
    language: 'es',
    name: 'Lucía Host',
  })
  await openHours(h.id)
  const g = await register({}, 'en')
  await patchUser(g.id, { phone: '+12025550143', timezone: 'America/New_York', language: 'en', name: 'Emma Guest' })
  await givenCredits(g.id, 9000, 'seed', `mail:${g.id}`)
  return { h, g }
}
const mails = (to: string) =>
  env.DB.prepare(
    "SELECT subject, text, locale FROM email_outbox WHERE to_address = ?1 AND template = 'appointment' ORDER BY id",
  )
    .bind(to)
    .all<{ subject: string; text: string; locale: string }>()
    .then((r) => r.results)

describe('appointment mail', () => {
  it('booking tells both sides in their language, with a link that signs in and opens the appointment; confirm and cancel too', async () => {
    const { h, g } = await people()
    const start = new Date(
      instantOf(new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10), 600, 'Europe/Madrid')!,
    ).toISOString()
    const res = await api('/v1/appointment', {
      method: 'POST',
      headers: bearer(g.token),
      form: { host_id: String(h.id), start_at: start, meeting_channel: '1' },
    })
    expect(res.status).toBe(201)
    const id = (await json(res)).appointment.id
    const [toGuest] = await mails(g.email)
    const [toHost] = await mails(h.email)
    expect(toGuest!.locale).toBe('en')
    expect(toGuest!.subject).toMatch(/^Your session on .+ is booked$/)
    expect(toGuest!.text).toContain('Lucía Host')
    expect(toGuest!.text).toMatch(/EST|GMT-5|EDT|GMT-4/) // her own zone
    expect(toHost!.locale).toBe('es')
    expect(toHost!.subject).toMatch(/^Tu sesión del .+ está reservada$/)
    const link = new URL(/https?:\/\/\S+\/appointment\/\?\S+/.exec(toHost!.text)![0])
    expect(link.searchParams.get('appointment_id')).toBe(String(id))
    expect(link.searchParams.get('user_id')).toBe(String(h.id))
    // The link signs the host in, again on a second open (issue 20 §8: it is used by the page's
    // button, a POST, and works until it expires), and they confirm.
    const signIn = await signInWithLink(h.id, link.searchParams.get('authorization')!)
    expect(signIn.status).toBe(200)
    const hostToken = (await json(signIn)).user.token
    expect((await signInWithLink(h.id, link.searchParams.get('authorization')!)).status).toBe(200)
    expect((await signInWithLink(g.id, link.searchParams.get('authorization')!)).status).toBe(401)
    await api('/v1/appointment/confirm', { method: 'POST', headers: bearer(hostToken), form: { id: String(id) } })
    await api('/v1/appointment/confirm', { method: 'POST', headers: bearer(g.token), form: { id: String(id) } })
    expect((await mails(g.email)).map((m) => m.subject)).toEqual([
      expect.stringMatching(/booked/),
      expect.stringMatching(/^Session confirmed/),
    ])
    await api('/v1/appointment/cancel', {
      method: 'POST',
      headers: bearer(g.token),
      form: { id: String(id), reason: '256', reason_text: 'A family matter' },
    })
    const cancelled = (await mails(h.email)).at(-1)!
    expect(cancelled.subject).toMatch(/^Sesión cancelada/)
    expect(cancelled.text).toContain('Motivo: Otro motivo: A family matter')
    // Its calendar file is a CANCEL, and the mail says what it does (found from outside, issue 41 §5).
    expect(cancelled.text).toContain('El archivo adjunto la quita de tu calendario.')
    expect(cancelled.text).not.toContain('la añade')
    expect(toGuest!.text).toContain('The attached file adds it to your calendar.')

    // The calendar file of the appointment page: the caller's own, in their zone.
    const file = await api(`/appointment/${id}/calendar.ics`, { headers: bearer(g.token) })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toContain('text/calendar')
    const ics = await file.text()
    expect(ics).toContain('METHOD:CANCEL')
    expect(ics).toContain('STATUS:CANCELLED')
    expect(ics).toContain(`DTSTART:${start.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`) // in UTC (test/appointments/ics.test.ts)
    expect(ics).toContain('SUMMARY:Calma session with Lucía Host') // in her language
    expect(ics.toLowerCase()).not.toContain(h.email.toLowerCase())
    const stranger = await register()
    expect((await api(`/appointment/${id}/calendar.ics`, { headers: bearer(stranger.token) })).status).toBe(404)
  })

  it('reminders a day and an hour before, each once', async () => {
    const { h, g } = await people()
    const soon = Date.now() + 23 * 3_600_000
    const sooner = Date.now() + 50 * 60_000
    for (const start of [soon, sooner])
      await makeAppointment(g.id, h.id, start, {
        status: AppointmentStatus.confirmed,
        meetingChannel: MeetingChannel.phone_call,
      })
    await runScheduled('* * * * *', env, new Date())
    await runScheduled('* * * * *', env, new Date())
    const subjects = (await mails(g.email)).map((m) => m.subject)
    expect(subjects.filter((s) => s.startsWith('Tomorrow'))).toHaveLength(1)
    expect(subjects.filter((s) => s.startsWith('In one hour'))).toHaveLength(1)
    expect(
      (await mails(h.email)).map((m) => m.subject).filter((s) => s.startsWith('Mañana') || s.startsWith('En una hora')),
    ).toHaveLength(2)
  })
})

describe('each mail once (issue 20 §6)', () => {
  const confirmedMails = (id: number) =>
    env.DB.prepare(
      "SELECT to_address AS to_, subject FROM email_outbox WHERE template = 'appointment' AND (subject LIKE 'Session confirmed%' OR subject LIKE 'Sesión confirmada%') AND to_address IN (SELECT email FROM users WHERE id IN (SELECT guest_id FROM appointments WHERE id = ?1 UNION SELECT host_id FROM appointments WHERE id = ?1))",
    )
      .bind(id)
      .all<{ to_: string; subject: string }>()
      .then((r) => r.results)

  it('10 concurrent confirmations (5 by each side) confirm it once and send exactly 2 mails, one to each', async () => {
    for (let round = 0; round < 3; round++) {
      const { h, g } = await people()
      const start = Date.now() + (3 + round) * 86_400_000
      const id = await makeAppointment(g.id, h.id, start)
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          api('/v1/appointment/confirm', {
            method: 'POST',
            headers: bearer(i % 2 ? h.token : g.token),
            form: { id: String(id) },
          }),
        ),
      )
      expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200))
      const mails = await confirmedMails(id)
      expect(mails.map((m) => m.to_).sort()).toEqual([g.email, h.email].sort())
      expect(
        (await env.DB.prepare('SELECT status FROM appointments WHERE id = ?1').bind(id).first<{ status: number }>())!
          .status,
      ).toBe(2)
    }
  })

  it('the host confirming the same appointment 10 times at once after the guest: one confirmation mail each', async () => {
    const { h, g } = await people()
    const start = Date.now() + 4 * 86_400_000
    const row = { id: await makeAppointment(g.id, h.id, start, { confirmedByGuestAt: new Date() }) }
    await Promise.all(
      Array.from({ length: 10 }, () =>
        api('/v1/appointment/confirm', { method: 'POST', headers: bearer(h.token), form: { id: String(row.id) } }),
      ),
    )
    expect(await confirmedMails(row.id)).toHaveLength(2)
  })

  it('the subject names the year when the session is not in this year (in the reader’s zone and language)', async () => {
    const { h, g } = await people()
    const nextYear = new Date().getUTCFullYear() + 1
    const far = Date.UTC(nextYear, 0, 20, 15, 0) // 20 January next year, 10:00 in New York
    const near = Date.now() + 3 * 86_400_000
    for (const start of [far, near]) {
      const row = { id: await makeAppointment(g.id, h.id, start, { confirmedByGuestAt: new Date() }) }
      expect(
        (
          await api('/v1/appointment/confirm', {
            method: 'POST',
            headers: bearer(h.token),
            form: { id: String(row.id) },
          })
        ).status,
      ).toBe(200)
    }
    const [toGuestFar, toGuestNear] = (await mails(g.email)).map((m) => m.subject)
    const [toHostFar, toHostNear] = (await mails(h.email)).map((m) => m.subject)
    expect(toGuestFar).toMatch(/^Session confirmed: /)
    expect(toGuestFar).toContain(`20 January ${nextYear}`)
    expect(toHostFar).toContain(`20 de enero de ${nextYear}`)
    // Near: the year only if three days from now is already next year (run on 29–31 December).
    const sameYear = new Date(near).getUTCFullYear() === new Date().getUTCFullYear()
    expect(toGuestNear!.includes(String(new Date(near).getUTCFullYear()))).toBe(!sameYear)
    expect(toHostNear!.includes(String(new Date(near).getUTCFullYear()))).toBe(!sameYear)
  })
})

describe('GET /v1/users/psychologists filters', () => {
  it('by symptom and language; none: the message', async () => {
    const { h } = await people()
    await patchUser(h.id, { specialistInSymptoms: ['insomnia', 'stress'], speaksIn: ['es', 'en'] })
    const ids = async (q: string) =>
      (await json(await api(`/v1/users/psychologists?per_page=100&filters[open]=1&${q}`))).psychologists.map(
        (p: any) => p.id,
      )
    expect(await ids('filters[symptom]=insomnia')).toContain(h.id)
    expect(await ids('filters[symptom]=insomnia&filters[language]=en')).toContain(h.id)
    expect(await ids('filters[symptom]=grief')).not.toContain(h.id)
    const none = await json(await api('/v1/users/psychologists?filters[symptom]=no-such-thing', { locale: 'es' }))
    expect(none.psychologists).toEqual([])
    expect(none.message).toBe('No hay psicólogos disponibles.')
  })
})
