import type { z } from 'zod'
import type { Call, CallInput, CallOutput, Method, Wire, WireValue } from '#shared/contract/call'
import { createTranslator, MISSING, type Messages, type Translate } from '#shared/i18n/index'
import { $user, SESSION_LOST, readLocal } from './stores/session'
import { whenSocketsSettled } from './stores/sockets'
import { browserTimeZone } from './time-zone'
import { notify } from './stores/toasts'

/**
 * A call whose definition (and so zod and its schemas, ~26 KB gzip) is fetched when the call is
 * first made, not with the page (issue 21 §5: what a page needs before hydration is React and the
 * page; the contract's schemas are needed only when a person acts). See `contract`.
 */
export type LazyCall<C extends Call> = () => Promise<C>
/** The definition behind a call handle, for `CallInput<Def<typeof x>>`. */
export type Def<H> = H extends LazyCall<infer C> ? C : H

/**
 * The calls of one contract module, each fetched on first use:
 * `const { register } = contract(() => import('#shared/contract/users'))`, then `call(register, …)`
 * as with the definition itself. The module is fetched once (the browser keeps the chunk).
 */
export function contract<M extends object>(
  load: () => Promise<M>,
): { [K in keyof M as M[K] extends Call ? K : never]: M[K] extends Call ? LazyCall<M[K]> : never } {
  let module: Promise<M> | null = null
  const get = () =>
    (module ??= load().catch((e: unknown) => {
      module = null // a failed fetch (offline) is tried again by the next call
      throw e
    }))
  return new Proxy({} as never, {
    get: (_t, name) => () => get().then((m) => (m as Record<string | symbol, unknown>)[name]),
  })
}

/** What every call resolves to: never throws, so a screen can always say something kind. */
export type ApiResult<T> =
  | ({ success: true; status: number; message?: string } & T)
  | { success: false; status: number; code?: string | number; message?: string; errors?: Record<string, string[]> }

export interface CallOptions<C extends Call> {
  /** The query (GET) or the form (POST, DELETE), checked with the call's request schema first. */
  input?: CallInput<C>
  /** Path parameters, for calls whose path has ':name'. */
  params?: Record<string, string | number>
  /** Show no notification for the returned message (SPEC §7 "silent", e.g. /track). */
  silent?: boolean
  captcha?: string
  /**
   * This call ends the page's session and opens another with the same page CSRF token (a new
   * password): it is sent alone (see `exchange`). Not for a sign-in: its new session has a new
   * CSRF token, so a call held until it answered would be refused (403); the page is loaded anew.
   */
  replacesSession?: boolean
  /**
   * This call ends the page's session for good (a logout, erasing the account): it is sent alone too, and
   * once it succeeded the page sends no other call (each would be refused 401), and an
   * 'Unauthenticated.' answer is no longer the session lost (the page shows its confirmation and
   * goes home on its own).
   */
  endsSession?: boolean
}

let t: Translate | null = null
/** The page ended its own session (an `endsSession` call succeeded): later 401s are expected. */
let endedHere = false
let messages: Pick<Messages, 'errors'> | null = null
let currentLocale = 'es'
/** The page's language for the calls made before its words are there (the usage calls, entry.tsx). */
export function configureLocale(locale: 'es' | 'en') {
  currentLocale = locale
}

export function configureApi(locale: 'es' | 'en', msgs: Messages) {
  endedHere = false // a page starts with its session its own
  currentLocale = locale
  messages = msgs
  t = createTranslator(locale, msgs)
}

/** The page's translator, for code outside React (the service worker's notices). */
export function translator(): Translate {
  if (!t) throw new Error('configureApi first')
  return t
}

/** SPEC §7: booleans as 0/1, dates as ISO text, empty values omitted. */
export function encodeValue(v: WireValue): string | null {
  if (v === undefined || v === null || v === '') return null
  if (typeof v === 'boolean') return v ? '1' : '0'
  if (v instanceof Date) return v.toISOString()
  return typeof v === 'string' || typeof v === 'number' ? String(v) : v.map(String).join(',')
}

/** The input as it travels: names and text values, lists as `name[]` (what the server reads). */
function encodeInput(input: Record<string, WireValue> | undefined): [string, string][] {
  const out: [string, string][] = []
  for (const [k, v] of Object.entries(input ?? {})) {
    if (Array.isArray(v)) {
      for (const x of v) {
        const s = encodeValue(x)
        if (s !== null) out.push([`${k}[]`, s])
      }
    } else {
      const s = encodeValue(v)
      if (s !== null) out.push([k, s])
    }
  }
  return out
}

/** The wire pairs as the server's validator sees them (hono's parseBody / query: last value wins, `x[]` lists). */
function asParsedBody(pairs: [string, string][]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [k, v] of pairs) {
    if (k.endsWith('[]')) ((out[k] ??= []) as string[]).push(v)
    else out[k] = v
  }
  return out
}

function csrfToken(): string {
  if (typeof document === 'undefined') return ''
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? ''
}

/**
 * SPEC §7's headers, built here only: every request to /v1 (a call, a beacon, an upload's parts,
 * the save made while the page is left) carries them. The token of the stored user is sent when
 * there is one (SPEC §3); this client keeps it in its HttpOnly cookie instead.
 */
export function apiHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    locale: currentLocale,
    timezone: browserTimeZone(),
    'X-CSRF-Token': csrfToken(),
  }
  const token = readLocal<{ token?: string }>('user')?.token
  if (token) headers.authorization = `Bearer ${token}`
  return headers
}

const origin = () => (typeof window !== 'undefined' ? window.location.origin : 'http://localhost')

/**
 * One typed call of the shared contract (issue 13 §2), keyed by the call itself so a path is
 * never paired with another call's schemas. The input is parsed with the call's request schema
 * before anything is sent (a refused form gets the field errors the server would give, in the
 * same words); then SPEC §7's headers; the answer is checked against the call's response
 * schema (a mismatch is code 701, 'Backend API is providing a bad response.'); a network failure
 * is success false; a returned message shows as a notification.
 */
export async function call<C extends Call>(
  handle: C | LazyCall<C>,
  opts: CallOptions<C> = {},
): Promise<ApiResult<CallOutput<C>>> {
  let def: C
  let validation: typeof import('#shared/contract/validation')
  try {
    // The reading rules come with the first call, like the contract's schemas (issue 21 §5).
    ;[def, validation] = await Promise.all([
      typeof handle === 'function' ? handle() : handle,
      import('#shared/contract/validation'),
    ])
  } catch {
    // The contract's chunk could not be fetched (offline, or a deploy replaced it): as a network failure.
    const message = messages?.errors.network
    if (!opts.silent && message) notify(message, 'danger')
    return { success: false, status: 0, message }
  }
  const pairs = encodeInput(opts.input as Record<string, WireValue> | undefined)
  const checked = (def.request as z.ZodType).safeParse(validation.normalizeInput(asParsedBody(pairs)))
  if (!checked.success) {
    // SPEC §8: without a translator a message shows as the marker text.
    const errors = validation.fieldErrors(checked.error, t ?? (() => MISSING))
    const message = t ? t('errors.validation') : undefined
    return { success: false, status: 422, code: 'validation', message, errors }
  }

  const answer = await exchange(def, pairs, opts)
  if (!answer.ok) return answer.result
  const { json, obj, status } = answer
  const parsed = (def.response as z.ZodType).safeParse(json)
  if (!parsed.success) {
    const message = messages?.errors.bad_response ?? 'Backend API is providing a bad response.'
    if (!opts.silent) notify(message, 'danger')
    return { success: false, status, code: 701, message }
  }
  // The message is read from the raw answer: a call's schema need not list it.
  if (!opts.silent && obj.message) notify(obj.message, 'success')
  return { ...(parsed.data as object), message: obj.message, success: true, status } as ApiResult<CallOutput<C>>
}

/**
 * A read a page makes by itself as it opens (its rows, the person's settings), without zod
 * (issue 43 §1, decision 069): the answer comes from this app's own server, whose every answer
 * the tests parse with the call's response schema (test/contract), so the browser takes its
 * JSON as the call's type instead of loading zod (~21 KB gzip) and the contract's schemas with
 * the page. The input is the page's own code, not what a person typed (a form's input goes
 * through `call`, whose request schema gives the field errors). Otherwise as `call`: SPEC §7's
 * headers, a refusal's message as a notification unless silent, a network failure success false,
 * an answer that is not a success envelope code 701.
 */
export async function read<C extends Call>(
  def: Wire<C>,
  opts: Pick<CallOptions<C>, 'input' | 'params' | 'silent'> = {},
): Promise<ApiResult<CallOutput<C>>> {
  const answer = await exchange(def, encodeInput(opts.input as Record<string, WireValue> | undefined), opts)
  if (!answer.ok) return answer.result
  const { json, obj, status } = answer
  if (typeof json !== 'object' || json === null || obj.success !== true) {
    const message = messages?.errors.bad_response ?? 'Backend API is providing a bad response.'
    if (!opts.silent) notify(message, 'danger')
    return { success: false, status, code: 701, message }
  }
  if (!opts.silent && obj.message) notify(obj.message, 'success')
  return { ...(json as object), message: obj.message, success: true, status } as ApiResult<CallOutput<C>>
}

type Envelope = { success?: boolean; message?: string; code?: string; errors?: Record<string, string[]> }
type Exchange =
  | { ok: true; json: unknown; obj: Envelope; status: number }
  | {
      ok: false
      result: {
        success: false
        status: number
        code?: string | number
        message?: string
        errors?: Record<string, string[]>
      }
    }

let inFlight = 0
const settleWaiters: (() => void)[] = []
/** Out while a call that replaces the page's session is waiting or out; resolves when it answered. */
let replacing: Promise<void> | null = null

/**
 * Resolves once no call that replaces the page's session is out, so what is sent next carries
 * the session the page will keep (the bell opens its sockets only then, realtime.ts).
 */
export async function whenSessionSteady(): Promise<void> {
  while (replacing) await replacing
}

/** Resolves once no /v1 call is out (no grace: for the call that replaces the session). */
function noCallOut(): Promise<void> {
  return inFlight === 0 ? Promise.resolve() : new Promise((resolve) => settleWaiters.push(resolve))
}
/**
 * Resolves once no /v1 call of this page is waiting for its answer, and its caller has had a
 * moment to act on it (a new password's answer brings the page's new session). The bell asks
 * whether the person is still signed in only then (features/notifications/realtime.ts).
 */
export function whenCallsSettle(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => void setTimeout(resolve, 50)
    if (inFlight === 0) done()
    else settleWaiters.push(done)
  })
}

/**
 * The request and the envelope, shared by `call` and `beacon`: SPEC §7's headers, a network
 * failure as success false, 'Unauthenticated.' as the session-lost event, a refusal's message as
 * a danger notification. What the answer must look like is the caller's check.
 */
async function exchange(
  def: { method: Method; path: string },
  pairs: [string, string][],
  opts: Pick<CallOptions<Call>, 'params' | 'silent' | 'captcha' | 'replacesSession' | 'endsSession'>,
): Promise<Exchange> {
  // A call that replaces the session ends the old one on the server. A call of this page still
  // out with the old session's cookie, answered after that, would get 'Unauthenticated.' and
  // sign the person out of the page that holds the new one (the bell's unread list, asked as its
  // socket opens, while a recovered person saves a new password). So such a call waits until no
  // other call is out, and calls made meanwhile wait for its answer (which brings the new cookie).
  // (The loop is here, not in a helper: the check and the claim below must be in the same turn.)
  // An erasure or a logout likewise (endsSession): a call still out when it ends the session
  // would be answered 'Unauthenticated.' and send the person to sign in instead of to its
  // confirmation. A realtime socket mid-handshake is such a call too: reaching the server after
  // the session ended, it is refused 401 and the browser logs that as an error on the page (seen
  // in e2e: a sign-out right as /journey's bell opened its sockets). New sockets wait for this
  // call (realtime.ts connects after whenSessionSteady()).
  while (replacing) await replacing
  // The page erased its account: its session is gone, and a call would only be refused (401).
  if (endedHere) return { ok: false, result: { success: false, status: 401, message: 'Unauthenticated.' } }
  if (!opts.replacesSession && !opts.endsSession) return send(def, pairs, opts)
  let release!: () => void
  replacing = new Promise<void>((resolve) => (release = resolve))
  try {
    await Promise.all([noCallOut(), whenSocketsSettled()])
    const answer = await send(def, pairs, opts)
    if (opts.endsSession && answer.ok) endedHere = true
    return answer
  } finally {
    replacing = null
    release()
  }
}

async function send(
  def: { method: Method; path: string },
  pairs: [string, string][],
  opts: Pick<CallOptions<Call>, 'params' | 'silent' | 'captcha'>,
): Promise<Exchange> {
  const path = def.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(opts.params?.[name] ?? '')))
  const url = new URL(`/v1${path}`, origin())
  const headers = apiHeaders()
  if (opts.captcha) headers['X-Captcha-Token'] = opts.captcha
  let body: FormData | undefined
  if (def.method === 'GET') {
    for (const [k, v] of pairs) url.searchParams.append(k, v)
  } else {
    body = new FormData()
    for (const [k, v] of pairs) body.append(k, v)
  }
  let res: Response
  let json: unknown
  inFlight++
  try {
    try {
      res = await fetch(url, { method: def.method, headers, body, credentials: 'same-origin' })
    } catch {
      const message = messages?.errors.network
      if (!opts.silent && message) notify(message, 'danger')
      return { ok: false, result: { success: false, status: 0, message } }
    }
    // The person whose session this device held was erased (worker/http/viewer.ts): their
    // progress saved offline goes (decision 039; the service worker does it for pages).
    const erased = res.headers.get('x-calma-erased')
    if (erased) void import('./pwa/outbox-store').then((m) => m.dropErasedSaves(erased))
    try {
      json = await res.json()
    } catch {
      json = undefined
    }
  } finally {
    if (--inFlight === 0) for (const done of settleWaiters.splice(0)) done()
  }
  const obj = (json ?? {}) as Envelope
  if (obj.message === 'Unauthenticated.') {
    // Not shown: the frame reacts by sending the person to sign in (SPEC §8), unless this page
    // ended the session itself (an erasure: it goes home on its own).
    $user.set(null)
    if (!endedHere) globalThis.dispatchEvent?.(new CustomEvent(SESSION_LOST))
    return { ok: false, result: { success: false, status: res.status, message: obj.message } }
  }
  if (obj.success === false) {
    if (!opts.silent && obj.message) notify(obj.message, 'danger')
    return {
      ok: false,
      result: { success: false, status: res.status, code: obj.code, message: obj.message, errors: obj.errors },
    }
  }
  return { ok: true, json, obj, status: res.status }
}

/**
 * A silent call every page makes (first-party usage tracking, SPEC §7 Session and Tracking),
 * checked with `isAnswer` rather than the contract's zod schemas, so that a page that only
 * reads loads no schema at all (issue 21 §5). The server still validates the request with the
 * contract; an answer of another shape is code 701 as in `call`, never shown.
 */
export async function beacon<T extends object>(
  def: { method: Method; path: string },
  input: Record<string, WireValue>,
  isAnswer: (json: unknown) => json is T,
): Promise<ApiResult<T>> {
  const answer = await exchange(def, encodeInput(input), { silent: true })
  if (!answer.ok) return answer.result
  if (!isAnswer(answer.json))
    return {
      success: false,
      status: answer.status,
      code: 701,
      message: messages?.errors.bad_response ?? 'Backend API is providing a bad response.',
    }
  return { ...answer.json, message: answer.obj.message, success: true, status: answer.status }
}
