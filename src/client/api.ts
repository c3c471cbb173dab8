import type { z } from 'zod'
import type { Call, CallInput, CallOutput, WireValue } from '#shared/contract/call'
import { fieldErrors, normalizeInput } from '#shared/contract/validation'
import { createTranslator, MISSING, type Messages, type Translate } from '#shared/i18n/index'
import { $user, SESSION_LOST, readLocal } from './stores/session'
import { notify } from './stores/toasts'

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
}

let t: Translate | null = null
let messages: Pick<Messages, 'errors'> | null = null
let currentLocale = 'es'
export function configureApi(locale: 'es' | 'en', msgs: Messages) {
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
export function encodeValue(v: unknown): string | null {
  if (v === undefined || v === null || v === '') return null
  if (typeof v === 'boolean') return v ? '1' : '0'
  if (v instanceof Date) return v.toISOString()
  return String(v)
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

const origin = () => (typeof window !== 'undefined' ? window.location.origin : 'http://localhost')

/**
 * One typed call of the shared contract (issue 13 §2), keyed by the call itself so a path is
 * never paired with another call's schemas. The input is parsed with the call's request schema
 * before anything is sent (a refused form gets the field errors the server would give, in the
 * same words); then SPEC §7's headers; the answer is checked against the call's response
 * schema (a mismatch is code 701, 'Backend API is providing a bad response.'); a network failure
 * is success false; a returned message shows as a notification.
 */
export async function call<C extends Call>(def: C, opts: CallOptions<C> = {}): Promise<ApiResult<CallOutput<C>>> {
  const pairs = encodeInput(opts.input as Record<string, WireValue> | undefined)
  const checked = (def.request as z.ZodType).safeParse(normalizeInput(asParsedBody(pairs)))
  if (!checked.success) {
    // SPEC §8: without a translator a message shows as the marker text.
    const errors = fieldErrors(checked.error, t ?? (() => MISSING))
    const message = t ? t('errors.validation') : undefined
    return { success: false, status: 422, code: 'validation', message, errors }
  }

  const path = def.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(opts.params?.[name] ?? '')))
  const url = new URL(`/v1${path}`, origin())
  const headers: Record<string, string> = {
    Accept: 'application/json',
    locale: currentLocale,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    'X-CSRF-Token': csrfToken(),
  }
  const token = readLocal<{ token?: string }>('user')?.token
  if (token) headers.authorization = `Bearer ${token}`
  if (opts.captcha) headers['X-Captcha-Token'] = opts.captcha
  let body: FormData | undefined
  if (def.method === 'GET') {
    for (const [k, v] of pairs) url.searchParams.append(k, v)
  } else {
    body = new FormData()
    for (const [k, v] of pairs) body.append(k, v)
  }
  let res: Response
  try {
    res = await fetch(url, { method: def.method, headers, body, credentials: 'same-origin' })
  } catch {
    const message = messages?.errors.network
    if (!opts.silent && message) notify(message, 'danger')
    return { success: false, status: 0, message }
  }
  let json: unknown
  try {
    json = await res.json()
  } catch {
    json = undefined
  }
  const obj = (json ?? {}) as { success?: boolean; message?: string; code?: string; errors?: Record<string, string[]> }
  if (obj.message === 'Unauthenticated.') {
    // Not shown: the frame reacts by sending the person to sign in (SPEC §8).
    $user.set(null)
    globalThis.dispatchEvent?.(new CustomEvent(SESSION_LOST))
    return { success: false, status: res.status, message: obj.message }
  }
  if (obj.success === false) {
    if (!opts.silent && obj.message) notify(obj.message, 'danger')
    return { success: false, status: res.status, code: obj.code, message: obj.message, errors: obj.errors }
  }
  const parsed = (def.response as z.ZodType).safeParse(json)
  if (!parsed.success) {
    const message = messages?.errors.bad_response ?? 'Backend API is providing a bad response.'
    if (!opts.silent) notify(message, 'danger')
    return { success: false, status: res.status, code: 701, message }
  }
  // The message is read from the raw answer: a call's schema need not list it.
  if (!opts.silent && obj.message) notify(obj.message, 'success')
  return { ...(parsed.data as object), message: obj.message, success: true, status: res.status } as ApiResult<CallOutput<C>>
}
