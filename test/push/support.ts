// What the push tests share (test/push, test/break-push): calls as a browser sends them, the
// devices a person has, the fake push service behind fetch, and the minute's notice path run
// through the Worker's queue handler.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test'
import { vi } from 'vitest'
import worker from '#worker/index'
import { adminNotifications, notificationDeliveries } from '#worker/db/schema'
import { sendDueNotifications } from '#worker/features/notifications/notifications.due'
import { given } from '../factories'
import { api, json } from '../helpers'
import { bearer } from '../users/support'
import { FakePushService } from './fake-push-service'
import { jobCtx } from '#worker/context'

/** Bodies are forms (SPEC §7): `keys` goes as keys[p256dh] and keys[auth]. */
export function formOf(body: Record<string, unknown>) {
  const form: Record<string, string> = {}
  for (const [k, v] of Object.entries(body))
    if (v && typeof v === 'object') for (const [n, x] of Object.entries(v)) form[`${k}[${n}]`] = String(x)
    else form[k] = String(v)
  return form
}
export async function call(
  token: string | null,
  method: string,
  path: string,
  body?: Record<string, unknown>,
  locale = 'en',
) {
  const res = await api(path, {
    method,
    locale,
    headers: token ? bearer(token) : {},
    form: body ? formOf(body) : undefined,
  })
  return { res, body: await json(res) }
}
export const save = (
  token: string,
  sub: { endpoint: string; keys: { p256dh: string; auth: string } },
  extra: Record<string, unknown> = {},
  locale = 'en',
) => call(token, 'POST', '/v1/push/subscription', { endpoint: sub.endpoint, keys: sub.keys, ...extra }, locale)
export const devicesOf = async (userId: number) =>
  (
    await env.DB.prepare(
      'SELECT endpoint, quiet_hours, failures FROM push_subscriptions WHERE user_id = ?1 ORDER BY id',
    )
      .bind(userId)
      .all<{ endpoint: string; quiet_hours: number; failures: number }>()
  ).results

/** The fake push service behind fetch (the only thing faked); anything else is refused loudly. */
export function pushServiceAtFetch() {
  const fake = new FakePushService()
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init)
    if (!fake.handles(request.url)) throw new Error(`unexpected fetch ${request.url}`)
    return fake.fetch(request)
  })
  return fake
}

/** Runs the minute cron's notice path, then every calma-fanout message it sent, through the Worker's queue handler. */
export async function runNotices(now = new Date()) {
  const sent = vi.spyOn(env.FANOUT_QUEUE, 'sendBatch').mockImplementation(async () => ({}) as never)
  await sendDueNotifications(jobCtx(env), now)
  const bodies = sent.mock.calls.flatMap(([b]) => [...b].map((m) => m.body))
  sent.mockRestore()
  const batch = createMessageBatch(
    'calma-fanout',
    bodies.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body })),
  )
  const ctx = createExecutionContext()
  await worker.queue(batch, env, ctx)
  const result = await getQueueResult(batch, ctx)
  return { bodies: bodies as { kind: string }[], result }
}

/** A push notice to `receivers`, due a second ago, in Spanish and English. */
export async function pushNotice(
  receivers: number[],
  extra: { sendAt?: Date; createdAt?: Date; atBestMoment?: boolean } = {},
) {
  const at = new Date(Date.now() - 1000)
  return given(adminNotifications, {
    title: 'Respira',
    channel: 'push',
    status: 'pending',
    receivers,
    sendAt: at,
    createdAt: at,
    copy: {
      es: { title: 'Respira', description: 'Tres minutos para ti' },
      en: { title: 'Breathe', description: 'Three minutes for you' },
    },
    ...extra,
  })
}

/**
 * A pending push delivery of a fresh notice for each of `people` (as the notice path writes them),
 * due at `dueAt`: what the queue consumer (deliverPushes) is handed. Answers the delivery ids.
 */
export async function pendingPushes(people: number[], dueAt: number | null = null): Promise<number[]> {
  const notice = await pushNotice(people)
  // The notice itself is not left for the cron to write again: only these deliveries are the test's.
  await env.DB.prepare("UPDATE admin_notifications SET status = 'sent' WHERE id = ?1").bind(notice).run()
  const out: number[] = []
  for (const userId of people)
    out.push(
      await given(notificationDeliveries, {
        notificationId: notice,
        userId,
        channel: 'push',
        status: 'pending',
        dueAt: dueAt === null ? null : new Date(dueAt),
      }),
    )
  return out
}

/** A delivery's status and due time now. */
export const deliveryOf = (id: number) =>
  env.DB.prepare('SELECT status, due_at FROM notification_deliveries WHERE id = ?1')
    .bind(id)
    .first<{ status: string; due_at: number | null }>()
