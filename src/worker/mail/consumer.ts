// The queue's side of mail: the calma-mail consumer and its dead-letter queue, the admin's dead
// letters, and the minute cron's stranded mail (send.ts's header for the whole path).
import { getDb } from '#worker/db/client'
import type { Env } from '#worker/env'
import { paceHeldUntil } from '#worker/http/rate-windows.repo'
import type { MailMessage } from '#worker/queues/messages'
import { claimMails, markDead, markQueued, takeStrandedMails } from './outbox.repo'
import { deadMails, reviveDead } from './outbox-dead.repo'
import { callsFor, makeCall, PROVIDER_TIMEOUT_MS, QUEUE_MAX_DELAY_S, seconds, type Outcome } from './provider'
import { PACE_KEY, retryDelay } from './pace'
import { enqueueMail, mailViaProvider } from './send'

/** How long a consumer holds the mails it claimed: its calls, waits for the pace and writes fit well inside. */
const LEASE_MS = 120_000
/** Stranded pending mail (never tried: its enqueue failed) is enqueued again after this. */
const STRANDED_AFTER_MS = 3_600_000
/** Stranded mails one minute's run enqueues (50 messages, one sendBatch). */
const STRANDED_PER_RUN = 5_000

/** One message's mails: claimed, sent call by call. */
async function sendMessage(env: Env, ids: number[], attempts: number, now: () => number): Promise<Outcome> {
  if (!env.EMAIL_API_KEY) throw new Error('EMAIL_API_KEY is not set')
  const token = crypto.randomUUID()
  const start = now()
  const { mails, heldFor } = await claimMails(getDb(env.DB), ids, LEASE_MS, token)
  // Some are being sent by another consumer right now: come back when its lease ends, in case it fails.
  const held: Outcome = heldFor !== null ? { done: false, delay: Math.min(60, seconds(heldFor)) } : { done: true }
  if (!mails.length) return held
  const deadline = start + LEASE_MS - PROVIDER_TIMEOUT_MS - 10_000
  let delay = held.done ? 0 : held.delay
  for (const call of await callsFor(env, mails, token, start)) {
    const outcome = await makeCall(env, call, token, attempts, deadline, now)
    if (!outcome.done) delay = Math.max(delay, outcome.delay)
  }
  return delay ? { done: false, delay } : { done: true }
}

/**
 * Messages of one batch sent side by side. Each waits for its own turns of the shared pace, so a
 * call the provider holds until the timeout (8 s) or a retry's wait no longer holds the turns
 * behind it (issue 43 §4: one after another, 11 unanswered calls of a 100,000-mail run cost 88 s
 * of an empty pace). Sixteen (was 8, decision 078): while a notice's blocks write its mails, each
 * of a message's D1 rounds waits behind their transactions, and with 8 under way the pace sat idle
 * (100,000 mails: 33–37 calls in the first 55 s; with 16, 16.9 s idle in the run instead of 31 s).
 * Turns reserved ahead stay a few seconds (16 × 515 ms at 2 a second, well inside a lease); the
 * calls themselves are 515 ms apart, so one or two connections are open at a time (Workers allow
 * 6 at once; more wait for one, they are not refused), and 16 messages' mails (≤ 1,600 bodies)
 * are a few MB of the isolate's 128. Thirty-two were tried (decision 082) and sent no more in
 * those first seconds (63 calls in the first 60 s of 100,000, against 65 with 16): the lanes were
 * not what held them, so 16 stay (in production ten consumers' lanes reserve turns ahead together).
 */
const MESSAGES_IN_FLIGHT = 16

/**
 * The calma-mail consumer: each message's mails (see sendMessage), MESSAGES_IN_FLIGHT messages at
 * a time; the provider's few requests a second are kept by the pace shared through D1, by every
 * message and every consumer. Done → acked; otherwise retried after the delay its calls asked
 * for (backoff, a lease held elsewhere, a Retry-After, a spent quota). After max_retries the queue
 * moves the message to the dead-letter queue.
 */
export async function sendQueuedMail(env: Env, batch: MessageBatch<MailMessage>, now = () => Date.now()) {
  if (!mailViaProvider(env)) {
    // A local run without a provider never leaves mail pending; a test may (it sends with a
    // production env of its own and drives this consumer itself).
    console.warn(`mail queue: no provider in this run; ${batch.messages.length} message(s) left to whoever sent them`)
    return batch.ackAll()
  }
  const one = async (message: Message<MailMessage>) => {
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
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(MESSAGES_IN_FLIGHT, batch.messages.length) }, async () => {
      while (next < batch.messages.length) await one(batch.messages[next++]!)
    }),
  )
}

/**
 * The calma-mail-dead consumer: the mails of a message whose retries ran out become dead letters.
 * While a spent quota holds all sending, a message that ran out waiting for it is not the mails'
 * fault: they go back on the queue for when it comes back, not into dead letters.
 */
export async function buryDeadMail(env: Env, batch: MessageBatch<MailMessage>, now = Date.now()) {
  const db = getDb(env.DB)
  const ids = batch.messages.flatMap((m) => (m.body?.ids ?? []).filter((id) => Number.isSafeInteger(id)))
  const quota = mailViaProvider(env) ? await paceHeldUntil(db, PACE_KEY, true) : 0
  if (quota) {
    const delay = Math.min(QUEUE_MAX_DELAY_S, seconds(quota - now))
    await enqueueMail(env, ids, delay)
    await markQueued(db, ids, now + delay * 1000)
    console.warn(
      `${ids.length} mail(s) ran out of tries while the provider's quota is spent: queued again in ${delay} s`,
    )
    return batch.ackAll()
  }
  const dead = await markDead(db, ids, now)
  if (dead) console.warn(`${dead} mail(s) went to the dead-letter queue`)
  batch.ackAll()
}

/** The admin's list of dead letters. */
export const listDeadMail = (env: Env, limit = 50) => deadMails(getDb(env.DB), limit)

/**
 * Replay one dead letter (or all, at most 1,000 a call): pending again and back on the queue. One
 * that may have been sent and whose key the provider may no longer hold goes again only with
 * `confirm` (then under a new key); answers how many went back and how many wait for it. The
 * mails are pending before they are enqueued: an enqueue that fails leaves them to the minute
 * cron (resendStranded), never stranded.
 */
export async function replayDeadMail(env: Env, id: number | null, confirm = false, now = Date.now()) {
  const { ids, unconfirmed } = await reviveDead(getDb(env.DB), id, 1000, confirm, now)
  await enqueueMail(env, ids).catch((err) =>
    console.warn(
      `${ids.length} replayed mail(s) not queued, the cron will: ${err instanceof Error ? err.message : String(err)}`,
    ),
  )
  return { replayed: ids.length, unconfirmed }
}

/**
 * Minute cron: pending mail that no queue message has carried for an hour and no consumer holds
 * (its enqueue failed, a replay's did, a message was lost) goes on the queue (bounded per run).
 * Not while a spent quota holds all sending: the messages waiting for it come back by themselves.
 */
export async function resendStranded(env: Env, now: number) {
  if (!mailViaProvider(env)) return 0
  const db = getDb(env.DB)
  if (await paceHeldUntil(db, PACE_KEY, true)) return 0
  const ids = await takeStrandedMails(db, now - STRANDED_AFTER_MS, now, STRANDED_PER_RUN)
  await enqueueMail(env, ids)
  return ids.length
}
