// The provider's calls (Resend; docs/decisions/040-mail-as-the-provider-works.md): each call's
// Idempotency-Key, the shared pace, and what each answer means for the mails it carried.
import { getDb } from '#worker/db/client'
import { isLocalEnv, type Env } from '#worker/env'
import { holdPace, takePaceTurn } from '#worker/http/rate-windows.repo'
import {
  holdBack,
  countTry,
  KEY_HORIZON_MS,
  keyMails,
  markCallingUnlessHeld,
  markRefused,
  markSent,
  markUnknown,
  releaseMails,
  type OutboxMail,
} from './outbox.repo'
import { MAILS_PER_MESSAGE } from './send'
import { CHECK_AHEAD_MS, guardFor, leaveAtPace, PACE_KEY, paceSpacing, rateOf, retryDelay } from './pace'

export const EMAIL_PROVIDER_ORIGIN = 'https://api.resend.com'
const providerOrigin = (env: Env) => (env.EMAIL_API_URL || EMAIL_PROVIDER_ORIGIN).replace(/\/$/, '')
/** The provider's batch endpoint (Resend: 1 to 100 mails a call, no attachments). */
export const providerBatchUrl = (env: Env) => `${providerOrigin(env)}/emails/batch`
/** The provider's endpoint for one mail (the only one that takes attachments). */
export const providerEmailUrl = (env: Env) => `${providerOrigin(env)}/emails`
/**
 * How long a call waits for the provider's answer (was 8 s; decision 082). Resend documents no
 * timeout of its own, and its idempotency contract makes a retry under the same key safe at any
 * moment: while the first request is still in progress the retry is answered 409
 * concurrent_idempotent_requests (nothing sent; tried again), once it is done the first answer is
 * given again without sending (resend.com/docs/dashboard/emails/idempotency-keys,
 * /docs/api-reference/errors). So the wait only bounds what an unanswered call costs; it is far
 * above what an answer takes (the batch endpoint answers in well under a second), and a call
 * given up too early costs one more call, never a mail twice. At 8 s, a call never answered held
 * the end of each queue batch that carried it (bench:scale at 100,000: 7.6 s of the run).
 */
export const PROVIDER_TIMEOUT_MS = 4000
/**
 * A failed call (no answer, a 5xx, a key still in progress) is made again by the same consumer at
 * the next free turn, under the same key, this many times before its message goes back to the
 * queue (decision 082). Through the queue a retry waited for the current batch to end (locally one
 * batch at a time) and then its delay, with the pace idle when it was the last one left: the last
 * retries were 8–28 s of every 100,000-mail run. Failures are almost always one call's (a 503, a
 * lost answer), so the next turn usually sends it; an outage still backs off through the queue.
 */
export const RETRIES_IN_INVOCATION = 2
/** A failed call's Retry-After up to this (s) is waited out by the same consumer; a longer one goes back to the queue. */
const RETRY_AFTER_IN_INVOCATION_S = 10
/**
 * The Idempotency-Key of a mail sent alone (POST /emails), from its key token: random, made with
 * the mail, so unique across databases (another deployment on the same Resend team, this one
 * restored to an earlier moment, reuses ids, never tokens) and the same on every try.
 */
export const idempotencyKey = (token: string) => `calma-mail-${token}`
/**
 * The Idempotency-Key of a batch: derived from its mails' key tokens (SHA-256 of the sorted
 * tokens), so the same mails are the same key on every try, and no two databases make the same.
 */
export async function batchKey(tokens: string[]) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode([...tokens].sort().join(',')))
  return `calma-batch-${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')}`
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
export interface Call {
  key: string
  single: boolean
  mails: OutboxMail[]
  /** A call under this key may already have been taken (an earlier try's answer never came, or a 5xx). */
  uncertain: boolean
}

/** Why a mail is held back rather than called again (its dead letter's reason; the admin's list says it in their language). */
const HELD_BACK =
  'not sent again: an earlier call may have sent it, and the provider keeps its key only 24 hours (replay with confirmation to send it again)'

/**
 * The calls for claimed mails. A mail already tried keeps the call it was tried in (its batch
 * key: the same mails, the same key, the same body), unless a call under the key may have sent it
 * and the key is past the provider's 24 hours (then it is held back for an admin: calling again
 * could send it twice). The others: each mail with an attachment alone, the rest in batches of at
 * most 100, keyed from their key tokens; the keys are written on the rows before any call is made,
 * so a crash after the call still retries the same batch, and a call carries only the mails this
 * consumer keyed (one whose lease another claim took meanwhile is that claim's).
 */
export async function callsFor(env: Env, mails: OutboxMail[], token: string, now: number): Promise<Call[]> {
  const db = getDb(env.DB)
  const calls = new Map<string, Call>()
  const fresh: OutboxMail[] = []
  const heldBack: number[] = []
  for (const m of mails) {
    if (!m.batch_key) {
      if (m.uncertain_at !== null) heldBack.push(m.id)
      else if (m.attachments) {
        const key = idempotencyKey(m.key_token)
        calls.set(key, { key, single: true, mails: [m], uncertain: false })
      } else fresh.push(m)
      continue
    }
    if (m.uncertain_at !== null && (m.key_age === null || m.key_age > KEY_HORIZON_MS)) {
      heldBack.push(m.id)
      continue
    }
    const call = calls.get(m.batch_key) ?? {
      key: m.batch_key,
      single: m.batch_key.startsWith('calma-mail-'),
      mails: [],
      uncertain: m.uncertain_at !== null,
    }
    call.mails.push(m)
    calls.set(m.batch_key, call)
  }
  if (heldBack.length) {
    console.warn(`mail ${heldBack.join(',')}: held back (a call may have sent it and its key is past 24 hours)`)
    await holdBack(db, token, heldBack, HELD_BACK, now)
  }
  const fresher: Call[] = []
  for (let i = 0; i < fresh.length; i += MAILS_PER_MESSAGE) {
    const part = fresh.slice(i, i + MAILS_PER_MESSAGE)
    fresher.push({ key: await batchKey(part.map((m) => m.key_token)), single: false, mails: part, uncertain: false })
  }
  const unkeyed = [...calls.values(), ...fresher].filter((c) => !c.mails[0]!.batch_key)
  const keyed = new Set(
    await keyMails(
      db,
      token,
      unkeyed.flatMap((c) => c.mails.map((m) => ({ id: m.id, key: c.key }))),
    ),
  )
  for (const c of unkeyed) c.mails = c.mails.filter((m) => keyed.has(m.id))
  return [...calls.values(), ...fresher].filter((c) => c.mails.length)
}

/** What became of one call's mails. */
export type Outcome =
  | { done: true }
  /** Not finished: try the message again in `delay` seconds. */
  | { done: false; delay: number }

/** The longest delay Queues takes for a message (12 hours). */
export const QUEUE_MAX_DELAY_S = 43_200
export const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000))
const sleep = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve())
const errorName = async (res: Response) => {
  const body = (await res.json().catch(() => null)) as { name?: unknown; message?: unknown } | null
  return {
    name: typeof body?.name === 'string' ? body.name : '',
    message: typeof body?.message === 'string' ? body.message : '',
  }
}

/**
 * The seconds an answer's Retry-After asks for (RFC 9110 §10.2.3: a number of seconds or an
 * HTTP-date), 0 when there is none, it cannot be read or it is past, and never more than the
 * queue's longest delay (12 h): one 429 saying `1e9` would otherwise hold every consumer's sending
 * for good (found by the outside review of decision 078).
 */
export function retryAfterSeconds(header: string | null, now: number): number {
  const value = header?.trim() ?? ''
  if (!value) return 0
  const s = /^\d+(\.\d+)?$/.test(value) ? Number(value) : (Date.parse(value) - now) / 1000
  return Number.isFinite(s) && s > 0 ? Math.min(QUEUE_MAX_DELAY_S, s) : 0
}

/** The provider's quota errors (resend.com/docs/api-reference/errors): 429s that no Retry-After of a second ends. */
const QUOTA_ERRORS = new Set(['daily_quota_exceeded', 'monthly_quota_exceeded'])
/** A spent quota is checked again with one call this often: a plan changed meanwhile lifts it. */
const QUOTA_RECHECK_MS = 3_600_000

/**
 * How long all sending waits for a spent quota (ms from `now`): the daily one until 00:00 UTC, when
 * it resets (resend.com/docs/api-reference/rate-limit, "Email Quotas"), the monthly one (it follows
 * the plan's month, which no answer says), each checked again at most an hour later, and never
 * less than the answer's own Retry-After.
 */
export function quotaHold(name: string, now: number, afterSeconds: number) {
  const day = new Date(now)
  const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1)
  const until = name === 'daily_quota_exceeded' ? Math.min(midnight - now, QUOTA_RECHECK_MS) : QUOTA_RECHECK_MS
  return Math.max(until, afterSeconds * 1000)
}

/**
 * Make one call, waiting for the shared pace, and write what it did. `deadline`: the lease's end
 * less the call's own time, on this Worker's clock (only differences of it are used); a turn that
 * comes later is not taken (the mails are let go, not counted as a try) and the message comes
 * back then.
 */
export async function makeCall(
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
  const release = (delay: number, opts: { error?: string; settled?: boolean; rekey?: boolean } = {}) =>
    releaseMails(db, token, ids, {
      error: opts.error ?? null,
      queuedAt: now() + delay * 1000,
      // A definite "nothing taken" undoes this call's mark unless an earlier call under the key was uncertain.
      settled: !call.uncertain && !!opts.settled,
      rekey: !call.uncertain && !!opts.rekey,
    })
  // Made before the turn: nothing but one D1 round stands between a turn and its call.
  const body = JSON.stringify(
    call.single ? providerMail(env, call.mails[0]!, true) : call.mails.map((m) => providerMail(env, m, false)),
  )
  // A failed try made again here at the next free turn (RETRIES_IN_INVOCATION): counted on the
  // rows with why, the claim and the key kept; answers whether to go on.
  let failedHere = 0
  const again = async (why: string, afterS: number) => {
    if (failedHere >= RETRIES_IN_INVOCATION || afterS > RETRY_AFTER_IN_INVOCATION_S) return false
    if (now() + afterS * 1000 + spacing >= deadline) return false
    failedHere++
    await countTry(db, token, ids, why)
    await sleep(afterS * 1000)
    return true
  }
  for (let refusedForRate = 0; ;) {
    const turn = await takePaceTurn(db, PACE_KEY, spacing, deadline - now(), CHECK_AHEAD_MS)
    if (!turn.taken) {
      const delay = seconds(turn.wait)
      await release(delay, { settled: true })
      return { done: false, delay }
    }
    // The turn on this Worker's clock: D1 said how far away it is when it reserved it.
    const turnHere = now() + turn.wait
    // The D1 round (the hold check and the mark) is made before the turn, and the call then waits
    // for the turn itself: a round that queues behind other writes no longer moves the arrival, so
    // arrivals keep the pace's spacing (issue 43 §4: that round's jitter drew 429s at 515 ms).
    await sleep(turn.wait - CHECK_AHEAD_MS)
    // A 429 answered to another consumer after this turn was reserved holds this call too.
    const { heldUntil, ids: held } = await markCallingUnlessHeld(db, token, call.key, PACE_KEY, turn.at)
    if (heldUntil > turn.at) continue
    if (held.length !== ids.length) {
      // Some of its mails are another claim's now (a lease ran out): that claim sends the batch whole.
      await releaseMails(db, token, held, { error: null, queuedAt: now(), settled: !call.uncertain })
      return { done: false, delay: 60 }
    }
    await sleep(turnHere - now())
    await leaveAtPace(rateOf(env))
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
        body,
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      })
    } catch (err) {
      // No answer: the provider may have taken the call. The same mails go again under the same key.
      const why = `no answer from the provider: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500)
      call.uncertain = true
      if (await again(why, 0)) continue
      const delay = retryDelay(attempts)
      await release(delay, { error: why })
      return { done: false, delay }
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
        call.key,
        call.mails
          .filter((_, i) => refused.has(i))
          .map((m) => ({ id: m.id, error: refused.get(call.mails.indexOf(m))! })),
        now(),
      )
      return { done: true }
    }

    const { name, message } = await errorName(res)
    const why = `provider answered ${res.status}${name ? ` ${name}` : ''}${message ? `: ${message}` : ''}`.slice(0, 500)
    const retryAfter = retryAfterSeconds(res.headers.get('retry-after'), Date.now())
    if (res.status === 429 && QUOTA_ERRORS.has(name)) {
      // The team's daily or monthly quota is spent: no call of any consumer goes until it comes
      // back (the pace is held), and the wait is not a try of these mails.
      const hold = quotaHold(name, Date.now(), retryAfter)
      console.warn(`mail: ${why}; all sending held for ${seconds(hold)} s`)
      await holdPace(db, PACE_KEY, hold, spacing, true)
      const delay = seconds(hold)
      await release(delay, { settled: true })
      return { done: false, delay }
    }
    if (res.status === 429) {
      // The provider's Retry-After holds every consumer's next call, not only this one's.
      const wait = Math.max(1, retryAfter) * 1000
      guardFor(rateOf(env)).hold(Date.now() + wait)
      await holdPace(db, PACE_KEY, wait, spacing)
      if (++refusedForRate < 3) continue
      const delay = seconds(wait)
      await release(delay, { settled: true })
      return { done: false, delay }
    }
    if (res.status === 409 && name === 'invalid_idempotent_request') {
      // The provider holds this key with another payload: a call under it was processed, and
      // nothing here says whether it sent these mails (the sender changed after a try whose answer
      // was lost, or another database made the same key). Not taken as sent: dead letters an admin
      // sees, that may have been sent (docs/decisions/040).
      console.warn(`mail ${ids.join(',')}: ${why}; dead letters, may have been sent`)
      await markUnknown(db, call.key, ids, why, now())
      return { done: true }
    }
    if (call.single && (res.status === 400 || res.status === 422) && name !== 'invalid_idempotency_key') {
      // This mail itself is refused (an invalid address, attachment or field): it would be every time.
      await markRefused(db, call.key, [{ id: ids[0]!, error: why }], now())
      return { done: true }
    }
    const delay = retryDelay(attempts)
    if (res.status >= 500 || res.status === 409) {
      // A 5xx (application_error, internal_server_error, service_unavailable) may have been taken,
      // and a key still in progress (409 concurrent_idempotent_requests) may yet send: the same
      // call goes again under the same key, after the answer's Retry-After when it gives one (the
      // provider knows when it is back; decision 078), else with backoff.
      call.uncertain = true
      if (await again(why, retryAfter)) continue
      const after = retryAfter > 0 ? seconds(retryAfter * 1000) : delay
      await release(after, { error: why })
      return { done: false, delay: after }
    }
    // A 4xx of the whole call (the API key, the sender's domain, the request's shape) is the
    // deploy's to fix and sent nothing: tried again with backoff, then dead letters, under a new
    // key unless an earlier call under this one may have been taken.
    await release(delay, { error: why, rekey: true })
    return { done: false, delay }
  }
}
