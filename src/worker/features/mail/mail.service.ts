// The mail module (issue 3 §7, issue 22, DESIGN §7; docs/decisions/025-queues-and-scale.md).
// Every message is rendered from a template in the recipient's language and written to the
// email_outbox table first, with everything a retry needs (body, headers, attachments). Local and
// test runs stop there: a dev-only page (/__dev/outbox) lists the messages with their links.
// Production (and a local run given EMAIL_API_URL, the scale bench) then puts the id on the
// calma-mail queue; its consumer (sendQueuedMail) sends up to 100 a call through the provider's
// batch endpoint (Resend's API shape; the key is the EMAIL_API_KEY secret), each mail with its
// own idempotency key, and forgets the body once the provider took it: a sign-in link in a
// database is a credential. A failed call is retried with backoff; after the queue's
// max_retries the message lands on calma-mail-dead, whose consumer marks the mails dead for an
// admin to replay. Exactly once to the person: a mail is sent only while pending, and the
// provider drops a second call with a key it already accepted (a timeout after accepting, a
// message delivered twice, a replay).
import type { Locale } from '#shared/i18n/index'
import { getDb } from '#worker/db/client'
import type { Statement } from '#worker/db/query'
import { isLocalEnv, type Env } from '#worker/env'
import type { MailMessage } from '#worker/queues/messages'
import {
  deadMails,
  insertOutbox,
  insertOutboxMany,
  markAttempt,
  markDead,
  markSent,
  pendingMails,
  reviveDead,
  takeStrandedMails,
  type OutboxMail,
} from './mail.repo'
import { renderTemplate, type TemplateData, type TemplateName } from './mail.templates'

export const EMAIL_PROVIDER_ORIGIN = 'https://api.resend.com'
/** The provider's batch endpoint (Resend: at most 100 mails a call). */
export const providerBatchUrl = (env: Env) =>
  `${(env.EMAIL_API_URL || EMAIL_PROVIDER_ORIGIN).replace(/\/$/, '')}/emails/batch`
/** Mail ids one queue message carries: one provider call. */
export const MAILS_PER_MESSAGE = 100
const PROVIDER_TIMEOUT_MS = 8000
/** Stranded pending mail (never tried: its enqueue failed) is enqueued again after this. */
const STRANDED_AFTER_MS = 3_600_000
/** Stranded mails one minute's run enqueues (50 messages, one sendBatch). */
const STRANDED_PER_RUN = 5_000

/** Whether mail leaves through the queue and the provider (else it stops at the local outbox). */
export const mailViaProvider = (env: Env) => !isLocalEnv(env) || !!env.EMAIL_API_URL
/** A mail's idempotency key at the provider: the same mail is the same key, on every try and replay. */
export const idempotencyKey = (id: number) => `calma-mail-${id}`
/** Seconds before the next try of a message tried `attempts` times: 10 s, 20 s, 40 s … at most 10 min. */
export const retryDelay = (attempts: number) => Math.min(600, 10 * 2 ** Math.max(0, attempts - 1))

export interface MailRequest<N extends TemplateName> {
  to: string
  template: N
  locale: Locale
  data: TemplateData[N]
  /** The notification delivery this mail is (at most one mail per delivery). */
  deliveryId?: number
}

/** Put outbox ids on the mail queue, 100 a message and 100 messages a send (the queue's limits). */
export async function enqueueMail(env: Env, ids: number[]) {
  const messages: { body: MailMessage }[] = []
  for (let i = 0; i < ids.length; i += MAILS_PER_MESSAGE)
    messages.push({ body: { ids: ids.slice(i, i + MAILS_PER_MESSAGE) } })
  for (let i = 0; i < messages.length; i += 100) await env.MAIL_QUEUE.sendBatch(messages.slice(i, i + 100))
}

/**
 * Queue one mail. Resolves once it is in the outbox; the enqueue is handed to `waitUntil` when
 * given, so a caller's answer takes the same time whether or not mail leaves. A failed enqueue
 * leaves the mail pending for the minute cron (resendStranded).
 */
export async function sendMail<N extends TemplateName>(
  env: Env,
  msg: MailRequest<N>,
  waitUntil?: (p: Promise<unknown>) => void,
): Promise<number> {
  const db = getDb(env.DB)
  const mail = renderTemplate(msg.template, msg.locale, msg.data)
  const viaProvider = mailViaProvider(env)
  const id = await insertOutbox(db, {
    to: msg.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: mail.headers ? JSON.stringify(mail.headers) : null,
    attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
    template: msg.template,
    locale: msg.locale,
    status: viaProvider ? 'pending' : 'sent',
    providerId: viaProvider ? null : 'local-outbox',
    sentAt: viaProvider ? null : new Date(),
    queuedAt: viaProvider ? Date.now() : null,
  })
  if (viaProvider) {
    const queued = enqueueMail(env, [id]).catch((err) =>
      console.warn(`mail ${id} not queued, the cron will: ${err instanceof Error ? err.message : String(err)}`),
    )
    if (waitUntil) waitUntil(queued)
    else await queued
  }
  return id
}

/**
 * Many mails at once (a notice's): rendered, written in few statements and enqueued 100 a
 * message. `alongside` is written in the same transaction as the mails (a block's deliveries
 * marked sent: a delivery is sent exactly when its mail is in the outbox).
 */
export async function sendMails<N extends TemplateName>(
  env: Env,
  msgs: MailRequest<N>[],
  now = Date.now(),
  alongside: Statement[] = [],
): Promise<number[]> {
  const viaProvider = mailViaProvider(env)
  const rows = msgs.map((msg) => {
    const mail = renderTemplate(msg.template, msg.locale, msg.data)
    return {
      to: msg.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: mail.headers ? JSON.stringify(mail.headers) : null,
      attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
      template: msg.template,
      locale: msg.locale,
      status: viaProvider ? ('pending' as const) : ('sent' as const),
      providerId: viaProvider ? null : 'local-outbox',
      sentAt: viaProvider ? null : now,
      deliveryId: msg.deliveryId ?? null,
    }
  })
  const ids = await insertOutboxMany(getDb(env.DB), rows, now, alongside)
  if (viaProvider)
    await enqueueMail(env, ids).catch((err) =>
      console.warn(
        `${ids.length} mail(s) not queued, the cron will: ${err instanceof Error ? err.message : String(err)}`,
      ),
    )
  return ids
}

function providerMail(env: Env, m: OutboxMail) {
  const attachments = m.attachments
    ? (JSON.parse(m.attachments) as { filename: string; contentType: string; content: string }[])
    : []
  return {
    from: env.EMAIL_FROM,
    to: [m.to_address],
    subject: m.subject,
    html: m.html ?? '',
    text: m.text ?? '',
    // Our provider contract (docs/decisions/025): each mail of a batch carries its own key.
    idempotency_key: idempotencyKey(m.id),
    ...(m.headers ? { headers: JSON.parse(m.headers) as Record<string, string> } : {}),
    ...(attachments.length
      ? {
          attachments: attachments.map((a) => ({
            filename: a.filename,
            content: btoa(unescape(encodeURIComponent(a.content))),
            content_type: a.contentType,
          })),
        }
      : {}),
  }
}

/** One provider call for these mails; answers the provider's id of each, in order. Throws on any failure. */
async function callProvider(env: Env, mails: OutboxMail[]): Promise<(string | null)[]> {
  if (!env.EMAIL_API_KEY) throw new Error('EMAIL_API_KEY is not set')
  const res = await fetch(providerBatchUrl(env), {
    method: 'POST',
    headers: { authorization: `Bearer ${env.EMAIL_API_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(mails.map((m) => providerMail(env, m))),
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  })
  if (!res.ok) throw new Error(`provider answered ${res.status}`)
  const body = (await res.json().catch(() => ({}))) as { data?: { id?: string }[] }
  return mails.map((_, i) => body.data?.[i]?.id ?? null)
}

/**
 * The calma-mail consumer: each message's pending mails in one provider call. Sent → acked;
 * any failure → counted on the rows and retried with backoff (the queue moves the message to
 * the dead-letter queue after max_retries). A mail already sent (a message delivered twice) is
 * not sent again.
 */
export async function sendQueuedMail(env: Env, batch: MessageBatch<MailMessage>, now = () => Date.now()) {
  if (!mailViaProvider(env)) {
    // A local run without a provider never leaves mail pending; a test may (it sends with a
    // production env of its own and drives this consumer itself).
    console.warn(`mail queue: no provider in this run; ${batch.messages.length} message(s) left to whoever sent them`)
    return batch.ackAll()
  }
  const keepBody = isLocalEnv(env)
  const db = getDb(env.DB)
  await Promise.all(
    batch.messages.map(async (message) => {
      const ids = (message.body?.ids ?? []).filter((id) => Number.isSafeInteger(id))
      let mails: OutboxMail[] = []
      try {
        mails = await pendingMails(db, ids)
        if (!mails.length) return message.ack()
        const providerIds = await callProvider(env, mails)
        await markSent(
          db,
          mails.map((m, i) => ({ id: m.id, providerId: providerIds[i] ?? null })),
          now(),
          keepBody,
        )
        message.ack()
      } catch (err) {
        const why = String(err instanceof Error ? err.message : err).slice(0, 500)
        console.warn(`mail ${ids.join(',')} not sent (try ${message.attempts}): ${why}`)
        await markAttempt(
          db,
          mails.map((m) => m.id),
          why,
        ).catch(() => {})
        message.retry({ delaySeconds: retryDelay(message.attempts) })
      }
    }),
  )
}

/** The calma-mail-dead consumer: the mails of a message whose retries ran out become dead letters. */
export async function buryDeadMail(env: Env, batch: MessageBatch<MailMessage>, now = Date.now()) {
  const ids = batch.messages.flatMap((m) => (m.body?.ids ?? []).filter((id) => Number.isSafeInteger(id)))
  const dead = await markDead(getDb(env.DB), ids, now)
  if (dead) console.warn(`${dead} mail(s) went to the dead-letter queue`)
  batch.ackAll()
}

/** The admin's list of dead letters. */
export const listDeadMail = (env: Env, limit = 50) => deadMails(getDb(env.DB), limit)

/** Replay one dead letter (or all, at most 1,000 a call): pending again and back on the queue. */
export async function replayDeadMail(env: Env, id: number | null) {
  const ids = await reviveDead(getDb(env.DB), id, 1000)
  await enqueueMail(env, ids)
  return ids.length
}

/** Minute cron: pending mail never tried and not queued for an hour goes on the queue (bounded per run). */
export async function resendStranded(env: Env, now: number) {
  if (!mailViaProvider(env)) return 0
  const ids = await takeStrandedMails(getDb(env.DB), now - STRANDED_AFTER_MS, now, STRANDED_PER_RUN)
  await enqueueMail(env, ids)
  return ids.length
}
