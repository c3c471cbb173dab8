// Helpers of the forms tests (issue 8 §3).
import { env } from 'cloudflare:test'
import { expect } from 'vitest'
import { api, json } from '../helpers'
import { bearer, captcha } from '../users/support'

/** POST a form to /v1/<path> with a fresh captcha token (unless `token` is given: '' sends none). */
export function post(
  path: string,
  form: Record<string, string>,
  opts: { locale?: string; token?: string; headers?: Record<string, string> } = {},
) {
  const token = opts.token ?? captcha()
  return api(`/v1/${path}`, {
    method: 'POST',
    locale: opts.locale ?? 'en',
    headers: { ...(token ? { 'x-captcha-token': token } : {}), ...opts.headers },
    form,
  })
}

/** The team's mails about one request kind, newest first. */
export const teamMails = (kind: string) =>
  env.DB.prepare(
    "SELECT subject, text, html, locale, to_address FROM email_outbox WHERE template = 'team_request' AND subject LIKE ?1 ORDER BY id DESC",
  )
    .bind(`%${kind}%`)
    .all<{ subject: string; text: string; html: string; locale: string; to_address: string }>()
    .then((r) => r.results)

/** A word no other row of the run has: FTS5 keeps letters and digits together as one word. */
let n = 0
export const oddWord = (tag = 'zq') => `${tag}${Date.now().toString(36)}x${(n++).toString(36)}`

/** The form was taken (201) with the thanks `message`. */
export async function expectThanks(res: Response, message: string) {
  expect(res.status).toBe(201)
  expect((await json(res)).message).toBe(message)
}

/** A form's options as the signed-in holder of `token` sends it, in `locale`. */
export const signedIn = (token: string, locale = 'es') => ({ locale, headers: bearer(token) })
