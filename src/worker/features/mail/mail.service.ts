// The mail module (issue 3 §7, DESIGN §7). Every message is rendered from a template in the
// recipient's language and written to the email_outbox table first. Local and test runs stop
// there: a dev-only page (/__dev/outbox) lists the messages with their links. Production then
// delivers through an HTTP email provider with `fetch` (Resend's API shape; the key is the
// EMAIL_API_KEY secret) and keeps only the delivery record, never the body: a sign-in link in
// a database is a credential.
import type { Locale } from '#shared/i18n/index'
import { getDb } from '#worker/db/client'
import { isLocalEnv, type Env } from '#worker/env'
import { insertOutbox, recordDelivery } from './mail.repo'
import { renderTemplate, type TemplateData, type TemplateName } from './mail.templates'

export const EMAIL_PROVIDER_URL = 'https://api.resend.com/emails'
const PROVIDER_TIMEOUT_MS = 8000

export interface MailRequest<N extends TemplateName> {
  to: string
  template: N
  locale: Locale
  data: TemplateData[N]
}

/**
 * Queue one mail. Resolves once it is in the outbox; in production the delivery itself is
 * handed to `waitUntil`, so a caller's answer takes the same time whether or not mail was sent.
 */
export async function sendMail<N extends TemplateName>(env: Env, msg: MailRequest<N>, waitUntil?: (p: Promise<unknown>) => void): Promise<number> {
  const db = getDb(env.DB)
  const mail = renderTemplate(msg.template, msg.locale, msg.data)
  const local = isLocalEnv(env)
  const id = await insertOutbox(db, {
    to: msg.to,
    subject: mail.subject,
    html: local ? mail.html : null,
    text: local ? mail.text : null,
    template: msg.template,
    locale: msg.locale,
    status: local ? 'sent' : 'pending',
    providerId: local ? 'local-outbox' : null,
    sentAt: local ? new Date() : null,
  })
  if (!local) {
    const delivery = deliver(env, id, msg.to, mail)
    if (waitUntil) waitUntil(delivery)
    else await delivery
  }
  return id
}

async function deliver(env: Env, id: number, to: string, mail: { subject: string; html: string; text: string; attachments?: { filename: string; contentType: string; content: string }[]; headers?: Record<string, string> }) {
  const db = getDb(env.DB)
  let status: 'sent' | 'failed' = 'failed'
  let providerId: string | null = null
  let error: string | null = null
  try {
    if (!env.EMAIL_API_KEY) throw new Error('EMAIL_API_KEY is not set')
    const res = await fetch(EMAIL_PROVIDER_URL, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.EMAIL_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        from: env.EMAIL_FROM,
        to: [to],
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        ...(mail.headers ? { headers: mail.headers } : {}),
        ...(mail.attachments?.length ? { attachments: mail.attachments.map((a) => ({ filename: a.filename, content: btoa(unescape(encodeURIComponent(a.content))), content_type: a.contentType })) } : {}),
      }),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    })
    if (!res.ok) throw new Error(`provider answered ${res.status}`)
    providerId = ((await res.json().catch(() => ({}))) as { id?: string }).id ?? null
    status = 'sent'
  } catch (err) {
    error = String(err instanceof Error ? err.message : err).slice(0, 500)
    console.warn(`mail ${id} not delivered: ${error}`)
  }
  await recordDelivery(db, id, { status, providerId, error })
}
