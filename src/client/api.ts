import type { z } from 'zod'
import type { Messages } from '#shared/i18n/index'
import { $user, SESSION_LOST, readLocal } from './stores/session'
import { notify } from './stores/toasts'

/** What every call resolves to: never throws, so a screen can always say something kind. */
export type ApiResult<T> =
  | ({ success: true; status: number; message?: string } & T)
  | { success: false; status: number; code?: string | number; message?: string; errors?: Record<string, string[]> }

export interface CallOptions {
  query?: Record<string, string | number | boolean | undefined | null>
  body?: Record<string, unknown>
  /** Show no notification for the returned message (SPEC §7 "silent", e.g. /track). */
  silent?: boolean
  captcha?: string
}

let messages: Pick<Messages, 'errors'> | null = null
let currentLocale = 'es'
export function configureApi(locale: string, msgs: Pick<Messages, 'errors'>) {
  currentLocale = locale
  messages = msgs
}

/** SPEC §7: booleans as 0/1, dates as ISO text, empty values omitted. */
export function encodeValue(v: unknown): string | null {
  if (v === undefined || v === null || v === '') return null
  if (typeof v === 'boolean') return v ? '1' : '0'
  if (v instanceof Date) return v.toISOString()
  return String(v)
}

function csrfToken(): string {
  if (typeof document === 'undefined') return ''
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? ''
}

const origin = () => (typeof window !== 'undefined' ? window.location.origin : 'http://localhost')

/**
 * One typed call over the shared contract: sends SPEC §7's headers, checks the answer against
 * its schema (a mismatch is code 701, 'Backend API is providing a bad response.'), turns a
 * network failure into success false, and shows a returned message as a notification.
 */
export async function call<S extends z.ZodType>(method: 'GET' | 'POST' | 'DELETE', path: string, schema: S, opts: CallOptions = {}): Promise<ApiResult<z.infer<S>>> {
  const url = new URL(`/v1${path}`, origin())
  for (const [k, v] of Object.entries(opts.query ?? {})) {
    const s = encodeValue(v)
    if (s !== null) url.searchParams.set(k, s)
  }
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
  if (opts.body) {
    body = new FormData()
    for (const [k, v] of Object.entries(opts.body)) {
      if (Array.isArray(v)) v.forEach((x) => { const s = encodeValue(x); if (s !== null) body!.append(`${k}[]`, s) })
      else { const s = encodeValue(v); if (s !== null) body.append(k, s) }
    }
  }
  let res: Response
  try {
    res = await fetch(url, { method, headers, body, credentials: 'same-origin' })
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
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    const message = messages?.errors.bad_response ?? 'Backend API is providing a bad response.'
    if (!opts.silent) notify(message, 'danger')
    return { success: false, status: res.status, code: 701, message }
  }
  // The message is read from the raw answer: a call's schema need not list it.
  if (!opts.silent && obj.message) notify(obj.message, 'success')
  return { ...(parsed.data as object), message: obj.message, success: true, status: res.status } as ApiResult<z.infer<S>>
}
