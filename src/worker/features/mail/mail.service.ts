// The mail module (issue 3 §7, issue 22, issue 32 §5, DESIGN §7; docs/decisions/025-queues-and-scale.md,
// docs/decisions/040-mail-as-the-provider-works.md). Every message is rendered from a template in
// the recipient's language and written to the email_outbox table first, with everything a retry
// needs (body, headers, attachments). Local and test runs stop there: a dev-only page
// (/__dev/outbox) lists the messages with their links. Production (and a local run given
// EMAIL_API_URL, the scale bench) then puts the id on the calma-mail queue; its consumer
// (sendQueuedMail) sends the mails as Resend's API takes them: up to 100 a call through the batch
// endpoint, a mail with an attachment alone through POST /emails (the batch endpoint drops
// attachments), each call with one Idempotency-Key header derived from its mail ids, paced under
// the provider's requests a second. Exactly once to the person: a consumer claims the mails with
// a lease before the call (a message delivered twice sends nothing twice), writes the call's key
// on them before calling, and every later try sends the same mails under the same key, which the
// provider answers without sending again for 24 hours (an answer lost or a 500 after accepting).
// A mail the provider refuses (an invalid address) is a dead letter at once, alone; its
// neighbours go. Once sent the body is forgotten: a sign-in link in a database is a credential.
import type { Locale } from '#shared/i18n/index'
import { getDb } from '#worker/db/client'
import type { Statement } from '#worker/db/query'
import { isLocalEnv, type Env } from '#worker/env'
import type { MailMessage } from '#worker/queues/messages'
import { holdPaceUntil, takePaceSlot } from '#worker/http/rate-windows.repo'
import {
  claimMails,
  deadMails,
  insertOutbox,
  insertOutboxMany,
  keyMails,
  markDead,
  markRefused,
  markSent,
  releaseMails,
  reviveDead,
  takeStrandedMails,
  type OutboxMail,
} from './mail.repo'
import { renderTemplate, type TemplateData, type TemplateName } from './mail.templates'

export const EMAIL_PROVIDER_ORIGIN = 'https://api.resend.com'
const providerOrigin = (env: Env) => (env.EMAIL_API_URL || EMAIL_PROVIDER_ORIGIN).replace(/\/$/, '')
/** The provider's batch endpoint (Resend: 1 to 100 mails a call, no attachments). */
export const providerBatchUrl = (env: Env) => `${providerOrigin(env)}/emails/batch`
/** The provider's endpoint for one mail (the only one that takes attachments). */
export const providerEmailUrl = (env: Env) => `${providerOrigin(env)}/emails`
/** Mail ids one queue message carries: at most one batch call. */
export const MAILS_PER_MESSAGE = 100
const PROVIDER_TIMEOUT_MS = 8000
/** How long a consumer holds the mails it claimed: its calls, waits for the pace and writes fit well inside. */
const LEASE_MS = 120_000
/** Resend's default: 2 requests a second per team (EMAIL_RATE_PER_SECOND when the team's limit was raised). */
const DEFAULT_RATE = 2
/** The pace's row in rate_windows. */
const PACE_KEY = 'mail:provider'
/** Stranded pending mail (never tried: its enqueue failed) is enqueued again after this. */
const STRANDED_AFTER_MS = 3_600_000
/** Stranded mails one minute's run enqueues (50 messages, one sendBatch). */
const STRANDED_PER_RUN = 5_000

/** Whether mail leaves through the queue and the provider (else it stops at the local outbox). */
export const mailViaProvider = (env: Env) => !isLocalEnv(env) || !!env.EMAIL_API_URL
/** The Idempotency-Key of a mail sent alone (POST /emails): the same mail, the same key. */
export const idempotencyKey = (id: number) => `calma-mail-${id}`
/**
 * The Idempotency-Key of a batch: derived from its mail ids (SHA-256 of the sorted ids), so the
 * same mails are the same key on every try, whichever message or replay carries them.
 */
export async function batchKey(ids: number[]) {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode([...ids].sort((a, b) => a - b).join(',')),
  )
  return `calma-batch-${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}
/**
 * Milliseconds between two provider calls: the team's requests a second with a fifth to spare
 * (the provider counts arrivals; a call that waited its turn may still arrive a little late).
 */
export const paceSpacing = (env: Env) => {
  const rate = Number(env.EMAIL_RATE_PER_SECOND) > 0 ? Number(env.EMAIL_RATE_PER_SECOND) : DEFAULT_RATE
  return Math.ceil(1200 / rate)
}
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

/** One mail in Resend's shape. Attachments only ever go through POST /emails. */
function providerMail(env: Env, m: OutboxMail, withAttachments: boolean) {
  const attachments =
    withAttachments && m.attachments
      ? (JSON.parse(m.attachments) as { filename: string; contentType: string; content: string }[])
      : []
  return {
    from: env.EMAIL_FROM,
    to: [m.to_address],
    subject: m.subject,
    html: m.html ?? '',
    text: m.text ?? '',
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

/** One provider call: its key and the mails it carries (one, alone, when `single`). */
interface Call {
  key: string
  single: boolean
  mails: OutboxMail[]
}

/**
 * The calls for claimed mails. A mail already tried keeps the call it was tried in (its batch
 * key: the same mails, the same key, the same body). The others: each mail with an attachment
 * alone, the rest in batches of at most 100 keyed by their ids; the keys are written on the rows
 * before any call is made, so a crash after the call still retries the same batch.
 */
async function callsFor(env: Env, mails: OutboxMail[], token: string): Promise<Call[]> {
  const calls = new Map<string, Call>()
  const fresh: OutboxMail[] = []
  for (const m of mails) {
    if (!m.batch_key) {
      if (m.attachments) calls.set(idempotencyKey(m.id), { key: idempotencyKey(m.id), single: true, mails: [m] })
      else fresh.push(m)
      continue
    }
    const call = calls.get(m.batch_key) ?? {
      key: m.batch_key,
      single: m.batch_key.startsWith('calma-mail-'),
      mails: [],
    }
    call.mails.push(m)
    calls.set(m.batch_key, call)
  }
  for (let i = 0; i < fresh.length; i += MAILS_PER_MESSAGE) {
    const part = fresh.slice(i, i + MAILS_PER_MESSAGE)
    const key = await batchKey(part.map((m) => m.id))
    calls.set(key, { key, single: false, mails: part })
  }
  const keyed = [...calls.values()].flatMap((c) =>
    c.mails.filter((m) => !m.batch_key).map((m) => ({ id: m.id, key: c.key })),
  )
  await keyMails(getDb(env.DB), token, keyed)
  return [...calls.values()]
}

/** What became of one call's mails. */
type Outcome =
  | { done: true }
  /** Not finished: try the message again in `delay` seconds. */
  | { done: false; delay: number }

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000))
const sleep = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve())
const errorName = async (res: Response) => {
  const body = (await res.json().catch(() => null)) as { name?: unknown; message?: unknown } | null
  return {
    name: typeof body?.name === 'string' ? body.name : '',
    message: typeof body?.message === 'string' ? body.message : '',
  }
}

/**
 * Make one call, waiting for the shared pace, and write what it did. `deadline`: the lease's end
 * less the call's own time; a turn that comes later is given up (the mails are let go, not counted
 * as a try) and the message comes back then.
 */
async function makeCall(
  env: Env,
  call: Call,
  token: string,
  attempts: number,
  deadline: number,
  now: () => number,
): Promise<Outcome> {
  const db = getDb(env.DB)
  const spacing = paceSpacing(env)
  const ids = call.mails.map((m) => m.id)
  for (let refusedForRate = 0; ;) {
    const slot = await takePaceSlot(db, PACE_KEY, now(), spacing)
    if (slot > deadline) {
      await releaseMails(db, token, ids, null)
      return { done: false, delay: seconds(slot - now()) }
    }
    await sleep(slot - now())
    let res: Response
    try {
      res = await fetch(call.single ? providerEmailUrl(env) : providerBatchUrl(env), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${env.EMAIL_API_KEY}`,
          'content-type': 'application/json',
          'idempotency-key': call.key,
          // Each refused mail is answered by its index and the others are sent: one bad address
          // does not hold back its neighbours (strict, the default, refuses the whole batch).
          ...(call.single ? {} : { 'x-batch-validation': 'permissive' }),
        },
        body: JSON.stringify(
          call.single ? providerMail(env, call.mails[0]!, true) : call.mails.map((m) => providerMail(env, m, false)),
        ),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      })
    } catch (err) {
      // No answer: the provider may have taken the call. The same mails go again under the same key.
      const why = `no answer from the provider: ${err instanceof Error ? err.message : String(err)}`
      await releaseMails(db, token, ids, why.slice(0, 500))
      return { done: false, delay: retryDelay(attempts) }
    }

    if (res.ok) {
      const body = (await res.json().catch(() => ({}))) as {
        id?: string
        data?: { id?: string }[]
        errors?: { index?: number; message?: string }[]
      }
      if (call.single) {
        await markSent(db, [{ id: ids[0]!, providerId: body.id ?? null }], now(), isLocalEnv(env))
        return { done: true }
      }
      const refused = new Map((body.errors ?? []).map((e) => [Number(e.index), String(e.message ?? 'refused')]))
      const accepted = call.mails.filter((_, i) => !refused.has(i))
      // `data` lists the mails it created, in order (all of them when none was refused).
      const created = body.data ?? []
      const providerId = (m: OutboxMail, k: number) =>
        (created.length === call.mails.length ? created[call.mails.indexOf(m)] : created[k])?.id ?? null
      await markSent(
        db,
        accepted.map((m, k) => ({ id: m.id, providerId: providerId(m, k) })),
        now(),
        isLocalEnv(env),
      )
      await markRefused(
        db,
        call.mails
          .filter((_, i) => refused.has(i))
          .map((m) => ({ id: m.id, error: refused.get(call.mails.indexOf(m))! })),
        now(),
      )
      return { done: true }
    }

    const { name, message } = await errorName(res)
    if (res.status === 429) {
      // The provider's Retry-After holds every consumer's next call, not only this one's.
      const wait = Math.max(1, Number(res.headers.get('retry-after')) || 1) * 1000
      await holdPaceUntil(db, PACE_KEY, now() + wait, spacing)
      if (++refusedForRate < 3) continue
      await releaseMails(db, token, ids, null)
      return { done: false, delay: seconds(wait) }
    }
    if (res.status === 409 && name === 'invalid_idempotent_request') {
      // The provider holds this key with another payload (the sender changed between two tries):
      // it keeps a key only for a call that sent mail, and this key was made from these mails' ids.
      console.warn(`mail ${ids.join(',')}: the provider already sent a call with key ${call.key}; marked sent`)
      await markSent(
        db,
        ids.map((id) => ({ id, providerId: null })),
        now(),
        isLocalEnv(env),
      )
      return { done: true }
    }
    const why = `provider answered ${res.status}${name ? ` ${name}` : ''}${message ? `: ${message}` : ''}`.slice(0, 500)
    if (call.single && (res.status === 400 || res.status === 422) && name !== 'invalid_idempotency_key') {
      // This mail itself is refused (an invalid address, attachment or field): it would be every time.
      await markRefused(db, [{ id: ids[0]!, error: why }], now())
      return { done: true }
    }
    // A 5xx may have been taken (the same call goes again); a 4xx of the whole call (a key, a
    // setting) is the deploy's to fix: both are tried again with backoff, then dead letters.
    await releaseMails(db, token, ids, why)
    return { done: false, delay: retryDelay(attempts) }
  }
}

/** One message's mails: claimed, sent call by call. */
async function sendMessage(env: Env, ids: number[], attempts: number, now: () => number): Promise<Outcome> {
  if (!env.EMAIL_API_KEY) throw new Error('EMAIL_API_KEY is not set')
  const token = crypto.randomUUID()
  const start = now()
  const { mails, heldUntil } = await claimMails(getDb(env.DB), ids, start, start + LEASE_MS, token)
  // Some are being sent by another consumer right now: come back when its lease ends, in case it fails.
  const held: Outcome = heldUntil ? { done: false, delay: Math.min(60, seconds(heldUntil - now())) } : { done: true }
  if (!mails.length) return held
  const deadline = start + LEASE_MS - PROVIDER_TIMEOUT_MS - 10_000
  let delay = held.done ? 0 : held.delay
  for (const call of await callsFor(env, mails, token)) {
    const outcome = await makeCall(env, call, token, attempts, deadline, now)
    if (!outcome.done) delay = Math.max(delay, outcome.delay)
  }
  return delay ? { done: false, delay } : { done: true }
}

/**
 * The calma-mail consumer: each message's mails (see sendMessage), one message after another
 * (the provider takes a few requests a second; concurrency comes from the queue's consumers, and
 * the pace is shared through D1). Done → acked; otherwise retried after the delay its calls asked
 * for (backoff, a lease held elsewhere, a Retry-After). After max_retries the queue moves the
 * message to the dead-letter queue.
 */
export async function sendQueuedMail(env: Env, batch: MessageBatch<MailMessage>, now = () => Date.now()) {
  if (!mailViaProvider(env)) {
    // A local run without a provider never leaves mail pending; a test may (it sends with a
    // production env of its own and drives this consumer itself).
    console.warn(`mail queue: no provider in this run; ${batch.messages.length} message(s) left to whoever sent them`)
    return batch.ackAll()
  }
  for (const message of batch.messages) {
    const ids = (message.body?.ids ?? []).filter((id) => Number.isSafeInteger(id))
    try {
      const outcome = await sendMessage(env, ids, message.attempts, now)
      if (outcome.done) message.ack()
      else message.retry({ delaySeconds: outcome.delay })
    } catch (err) {
      // No key, or D1 failed: what was not written stays pending (a claim ends with its lease).
      console.warn(
        `mail ${ids.join(',')} not sent (try ${message.attempts}): ${err instanceof Error ? err.message : String(err)}`,
      )
      message.retry({ delaySeconds: retryDelay(message.attempts) })
    }
  }
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
