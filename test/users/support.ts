// Small factories for the accounts tests (CONVENTIONS 10: each test makes its own data).
import { env } from 'cloudflare:test'
import { api, json, userChanged } from '../helpers'

let n = 0
/** A fresh captcha token: the local Turnstile stand-in hands out unique dummy tokens. */
export const captcha = () => `XXXX.DUMMY.TOKEN.XXXX.${Date.now().toString(36)}${(n++).toString(36)}`
export const uniqueEmail = (tag = 'user') => `${tag}.${Date.now().toString(36)}${(n++).toString(36)}@example.com`
export const PASSWORD = 'Calm-and-steady-42'

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** The calma_session value a response sets, or null. */
export function sessionCookie(res: Response): string | null {
  const all = res.headers.getSetCookie?.() ?? [res.headers.get('set-cookie') ?? '']
  for (const c of all) {
    const m = /(?:^|\s)calma_session=([^;]*)/.exec(c)
    if (m) return m[1] || null
  }
  return null
}

export function setCookieHeader(res: Response): string {
  return (res.headers.getSetCookie?.() ?? []).find((c) => c.startsWith('calma_session=')) ?? ''
}

export interface Registered {
  id: number
  email: string
  token: string
  body: Record<string, any>
  res: Response
}

/**
 * A new person through POST /v1/user, signed in. `password: ''` registers without one (as the
 * landing forms do): no PBKDF2 hash (100,000 rounds, ~13 ms of CPU), for tests that make
 * people by the hundred and never sign in with a password.
 */
export async function register(fields: Record<string, string> = {}, locale = 'en'): Promise<Registered> {
  const email = fields.email ?? uniqueEmail()
  const form: Record<string, string> = { email, password: PASSWORD, name: 'Test Person', legal_age: '1', ...fields }
  if (form.password === '') delete form.password
  const res = await signUp(form, locale)
  const body = await json(res)
  if (res.status !== 201) throw new Error(`register failed ${res.status} ${JSON.stringify(body)}`)
  return { id: body.user.id, email, token: body.user.token, body, res }
}

/**
 * Asks for a recovery mail (POST /v1/user/recover/password) and reads the newest one's link from
 * the outbox: the `authorization` a person signs in with (POST /v1/user/authenticate).
 */
export async function recoveryLink(email: string): Promise<string> {
  const asked = await api('/v1/user/recover/password', {
    method: 'POST',
    locale: 'en',
    headers: { 'x-captcha-token': captcha() },
    form: { email },
  })
  if (asked.status !== 200) throw new Error(`recovery refused ${asked.status}`)
  const mail = await env.DB.prepare(
    "SELECT text FROM email_outbox WHERE to_address = ?1 AND template = 'recover' ORDER BY id DESC LIMIT 1",
  )
    .bind(email)
    .first<{ text: string }>()
  return /authorization=([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!
}

export async function login(email: string, password = PASSWORD, extra: Record<string, string> = {}) {
  const res = await api('/v1/user/authenticate', { method: 'POST', locale: 'en', form: { email, password, ...extra } })
  return { res, body: await json(res) }
}

export async function countRows(table: string, where = '1=1', ...binds: unknown[]): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`)
    .bind(...binds)
    .first<{ n: number }>()
  return row?.n ?? 0
}

/** Make a user an admin (or another role) directly: no call lets a user do it. */
export async function setRole(id: number, role: number) {
  await env.DB.prepare('UPDATE users SET role = ?1 WHERE id = ?2').bind(role, id).run()
  await userChanged(id)
}

/** POST /v1/user/update as the holder of `token`: the profile form, of which a password change is one. */
export const updateProfile = (token: string, form: Record<string, string>, locale = 'en') =>
  api('/v1/user/update', { method: 'POST', locale, headers: bearer(token), form })

/** A password change with the current password (PASSWORD): it ends every other session of the person. */
export const changePassword = (token: string, password: string) =>
  updateProfile(token, { password, current_password: PASSWORD })

/** The users screen's role change (POST /v1/admin/user), sent with the caller's `headers`. */
export const saveRole = (headers: HeadersInit, userId: number, role: number, locale = 'en') =>
  api('/v1/admin/user', { method: 'POST', locale, headers, form: { id: String(userId), role: String(role) } })

/** Signing in through a mailed link: the person's id and the link's one-time authorization. */
export const signInWithLink = (userId: number, authorization: string) =>
  api('/v1/user/authenticate', { method: 'POST', locale: 'en', form: { user_id: String(userId), authorization } })

/** The first mail of `template` written to `to`. */
export const mailTo = (to: string, template: string) =>
  env.DB.prepare(
    'SELECT subject, html, text, locale FROM email_outbox WHERE to_address = ?1 AND template = ?2 ORDER BY id LIMIT 1',
  )
    .bind(to, template)
    .first<{ subject: string; html: string | null; text: string; locale: string }>()

/** DELETE /v1/user with a captcha as the holder of `token`: their own account, or the person `id` (an admin). */
export const erase = (token: string, id?: number, locale = 'en') =>
  api('/v1/user', {
    method: 'DELETE',
    locale,
    headers: { ...bearer(token), 'x-captcha-token': captcha() },
    ...(id === undefined ? {} : { form: { id: String(id) } }),
  })

/** POST /v1/user with a captcha, as the registration form sends it: the raw answer. */
export const signUp = (form: Record<string, string>, locale = 'en') =>
  api('/v1/user', { method: 'POST', locale, headers: { 'x-captcha-token': captcha() }, form })
