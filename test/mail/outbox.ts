// The outbox side of the mail tests: mails the product writes (a welcome, an appointment with its
// calendar file), an outbox row read back, its times moved as D1's clock would see them later, and
// the admin's dead letters (the list and a replay).
import { env } from 'cloudflare:test'
import { sql } from 'drizzle-orm'
import { emailOutbox } from '#worker/db/schema'
import { sendMail } from '#worker/mail/send'
import { patch } from '../factories'
import { api, json } from '../helpers'
import { bearer } from '../users/support'

export const welcome = (runEnv: typeof env, to: string) =>
  sendMail(runEnv, {
    to,
    template: 'welcome',
    locale: 'es',
    data: { name: 'Ana', link: 'https://calma.test/es', unsubscribe: 'https://calma.test/es/disable-notifications' },
  })

/** A welcome mail to each address, written in this order: their outbox ids. */
export async function welcomes(runEnv: typeof env, ...to: string[]) {
  const ids: number[] = []
  for (const one of to) ids.push(await welcome(runEnv, one))
  return ids
}

export const ICS =
  'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Calma//ES\r\nBEGIN:VEVENT\r\nUID:cita-1@calma\r\nSUMMARY:Sesión\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n'
export const appointment = (runEnv: typeof env, to: string) =>
  sendMail(runEnv, {
    to,
    template: 'appointment',
    locale: 'es',
    data: {
      kind: 'booked',
      name: 'Emma',
      other: 'Lucía',
      when: 'lunes 3 de marzo, 10:00',
      channel: 'Videollamada',
      link: 'https://calma.test/es/appointment/?appointment_id=1',
      reason: null,
      ics: ICS,
    },
  })

export const outbox = (id: number) =>
  env.DB.prepare('SELECT status, attempts, html, provider_id, error, dead_at FROM email_outbox WHERE id = ?1')
    .bind(id)
    .first<{
      status: string
      attempts: number
      html: string | null
      provider_id: string | null
      error: string | null
      dead_at: number | null
    }>()

type OutboxTime = 'queuedAt' | 'keyedAt' | 'uncertainAt' | 'deadAt'
/** An outbox row's times moved back by `ms`, as D1's clock would see them that much later. */
export const backdateMail = (id: number, ms: number, ...columns: OutboxTime[]) =>
  patch(emailOutbox, id, Object.fromEntries(columns.map((c) => [c, sql`${emailOutbox[c]} - ${ms}`])))

/** Mail `id` in the admin's dead-letter list, as the holder of `token` reads it. */
export async function deadMail(token: string, id: number, locale?: string) {
  const list = await json(await api('/v1/notifications/dead-mail', { headers: bearer(token), locale }))
  return list.mails.find((m: { id: number }) => m.id === id)
}

/** The admin replays dead mail `id` (every one without it), `confirm`ing a mail that may have gone. */
export const replayDead = (token: string, opts: { id?: number; confirm?: string; locale?: string } = {}) =>
  api('/v1/notifications/dead-mail/replay', {
    method: 'POST',
    headers: bearer(token),
    locale: opts.locale,
    ...(opts.id === undefined
      ? {}
      : { form: { id: String(opts.id), ...(opts.confirm === undefined ? {} : { confirm: opts.confirm }) } }),
  })
