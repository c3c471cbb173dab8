// The mail module (issue 3 §7, issue 22, issue 32 §5, DESIGN §7; docs/decisions/025-queues-and-scale.md,
// docs/decisions/040-mail-as-the-provider-works.md). Every message is rendered from a template in
// the recipient's language and written to the email_outbox table first, with everything a retry
// needs (body, headers, attachments). Local and test runs stop there: a dev-only page
// (/__dev/outbox) lists the messages with their links. Production (and a local run given
// EMAIL_API_URL, the scale bench) then puts the id on the calma-mail queue; its consumer
// (sendQueuedMail) sends the mails as Resend's API takes them: up to 100 a call through the batch
// endpoint, a mail with an attachment alone through POST /emails (the batch endpoint drops
// attachments), each call with one Idempotency-Key header derived from its mails' random key
// tokens (unique across databases), paced under the provider's requests a second. Exactly once to
// the person: a consumer claims the mails with a lease before the call (a message delivered twice
// sends nothing twice), writes the call's key on them before calling, and every later try sends
// the same mails under the same key, which the provider answers without sending again for 24
// hours (an answer lost or a 500 after accepting); past them, a mail a call may have sent waits
// for an admin's confirmation instead. A mail the provider refuses (an invalid address) is a dead
// letter at once, alone, under a new key for its replay; its neighbours go. Once sent the body is
// forgotten: a sign-in link in a database is a credential.
//
// The mail layer (issue 33 §2, docs/decisions/043) imports no feature: a feature gives a template
// its data (templates.ts, the typed table of every mail) and calls sendMail / sendMails here.
// send.ts writes the outbox and enqueues; consumer.ts is the queue's side and the minute cron's;
// provider.ts makes the provider's calls; outbox.repo.ts is the table.
import type { Locale } from '#shared/i18n/index'
import { getDb } from '#worker/db/client'
import { rowsIn, type RunResult, type Statement } from '#worker/db/query'
import { isLocalEnv, type Env } from '#worker/env'
import type { MailMessage } from '#worker/queues/messages'
import type { SQL } from 'drizzle-orm'
import { idRow, insertOutbox, insertOutboxIfStmt, insertOutboxMany } from './outbox.repo'
import { renderTemplate, type TemplateData, type TemplateName } from './templates'

/** Mail ids one queue message carries: at most one batch call. */
export const MAILS_PER_MESSAGE = 100

/** Whether mail leaves through the queue and the provider (else it stops at the local outbox). */
export const mailViaProvider = (env: Env) => !isLocalEnv(env) || !!env.EMAIL_API_URL

export interface MailRequest<N extends TemplateName> {
  to: string
  template: N
  locale: Locale
  data: TemplateData[N]
  /** The notification delivery this mail is (at most one mail per delivery). */
  deliveryId?: number
}

/** A request rendered in its language, as the outbox keeps it (body, headers, attachments: all a retry needs). */
function outboxMail<N extends TemplateName>(msg: MailRequest<N>) {
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
  }
}

/** Put outbox ids on the mail queue, 100 a message and 100 messages a send (the queue's limits), after `delaySeconds`. */
export async function enqueueMail(env: Env, ids: number[], delaySeconds = 0) {
  const messages: { body: MailMessage; delaySeconds?: number }[] = []
  for (let i = 0; i < ids.length; i += MAILS_PER_MESSAGE)
    messages.push({ body: { ids: ids.slice(i, i + MAILS_PER_MESSAGE) }, ...(delaySeconds ? { delaySeconds } : {}) })
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
  const viaProvider = mailViaProvider(env)
  const id = await insertOutbox(db, {
    ...outboxMail(msg),
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
  const rows = msgs.map((msg) => ({
    ...outboxMail(msg),
    status: viaProvider ? ('pending' as const) : ('sent' as const),
    providerId: viaProvider ? null : 'local-outbox',
    sentAt: viaProvider ? null : now,
    deliveryId: msg.deliveryId ?? null,
  }))
  const ids = await insertOutboxMany(getDb(env.DB), rows, now, alongside)
  if (viaProvider)
    await enqueueMail(env, ids).catch((err) =>
      console.warn(
        `${ids.length} mail(s) not queued, the cron will: ${err instanceof Error ? err.message : String(err)}`,
      ),
    )
  return ids
}

/**
 * A mail as a statement of the caller's own D1 batch (decision 084: a booking, a cancellation and
 * their mails in one round): rendered now, written only when `onlyIf` holds in that transaction,
 * `fill.marker` replaced by `fill.value` (SQL) in its texts. After the batch, `queueWritten` with
 * the statement's result puts what was written on the queue, as sendMail does.
 */
export function mailStatement<N extends TemplateName>(
  env: Env,
  msg: MailRequest<N>,
  onlyIf: SQL,
  o: { now?: number; fill?: { marker: string; value: SQL } } = {},
): Statement {
  const now = o.now ?? Date.now()
  const viaProvider = mailViaProvider(env)
  return insertOutboxIfStmt(
    {
      ...outboxMail(msg),
      status: viaProvider ? 'pending' : 'sent',
      providerId: viaProvider ? null : 'local-outbox',
      sentAt: viaProvider ? null : now,
    },
    now,
    onlyIf,
    o.fill,
  )
}

/**
 * The ids the batch's mail statements (mailStatement) wrote, put on the mail queue when mail
 * leaves (through `waitUntil`: the answer does not wait on the queue); a failed enqueue leaves
 * them pending for the minute cron, as sendMail's.
 */
export function queueWritten(env: Env, results: readonly RunResult[], waitUntil: (p: Promise<unknown>) => void) {
  const ids = results.flatMap((r) => rowsIn(r, idRow).map((x) => x.id))
  if (ids.length && mailViaProvider(env))
    waitUntil(
      enqueueMail(env, ids).catch((err) =>
        console.warn(
          `mail ${ids.join(', ')} not queued, the cron will: ${err instanceof Error ? err.message : String(err)}`,
        ),
      ),
    )
  return ids
}
