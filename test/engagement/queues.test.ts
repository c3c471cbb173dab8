// Cloudflare Queues in the same Worker (issue 22): the notice fan-out and the mail, through the
// Worker's own queue handler with the vitest plugin's message batches (createMessageBatch,
// getQueueResult) and, for the fan-out, the real calma-fanout queue of the test pool. The mail
// provider is the only thing faked, at fetch: it keeps what it delivered per idempotency key,
// as Resend does, so "sent once" is counted where the person would see it.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import { Role } from '#shared/enums'
import worker from '#worker/index'
import { resendStranded } from '#worker/mail/consumer'
import { providerBatchUrl, RETRIES_IN_INVOCATION } from '#worker/mail/provider'
import { retryDelay } from '#worker/mail/pace'
import { sendMail } from '#worker/mail/send'
import { FANOUT_BLOCK, queueBatches, RECEIVERS_PER_BLOCK } from '#worker/features/notifications/notifications.fanout'
import { sendDueNotifications } from '#worker/features/notifications/notifications.due'
import { channel, PUBLIC_SHARDS, publicChannel, shardOf } from '#worker/realtime/channels'
import { api, json, PRODUCTION_VARS } from '../helpers'
import { and, eq } from 'drizzle-orm'
import { adminNotifications, emailOutbox, notificationDeliveries, users } from '#worker/db/schema'
import { given, makeUser, patch } from '../factories'
import { faults, prodEnv, resendAtFetch, wholeDelivery } from '../mail/support'
import { bearer, register, setRole } from '../users/support'
import { jobCtx } from '#worker/context'

const prod = { ...env, ...PRODUCTION_VARS } as typeof env
const fetchWorker = (path: string, init?: RequestInit) =>
  (exports as unknown as { default: Fetcher }).default.fetch(`http://localhost${path}`, init)
const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n

let messageSeq = 0
/** Run the Worker's queue handler on one message as the queue would deliver it (`attempts`: its try). */
async function deliver(queue: string, body: unknown, attempts = 1, id = `msg-${++messageSeq}`, runEnv = prod) {
  const batch = createMessageBatch(queue, [{ id, timestamp: Date.now(), attempts, body }])
  // getQueueResult names the retried messages but not their delay: the handler's own call says it.
  const retry = vi.spyOn(batch.messages[0]!, 'retry')
  const ctx = createExecutionContext()
  await worker.queue(batch, runEnv, ctx)
  const result = await getQueueResult(batch, ctx)
  return { ...result, delays: retry.mock.calls.map(([options]) => options?.delaySeconds) }
}

const mailProd = prodEnv()
async function mailTo(to: string) {
  return sendMail(mailProd, {
    to,
    template: 'welcome',
    locale: 'es',
    data: { name: 'Ana', link: 'https://calma.test/es', unsubscribe: 'https://calma.test/es/disable-notifications' },
  })
}
const outbox = (id: number) =>
  env.DB.prepare('SELECT status, attempts, html, provider_id, dead_at FROM email_outbox WHERE id = ?1').bind(id).first<{
    status: string
    attempts: number
    html: string | null
    provider_id: string | null
    dead_at: number | null
  }>()

describe('the notice fan-out through calma-fanout', () => {
  it('a redelivered block writes nothing twice and pushes once', async () => {
    const ana = await register()
    const others = [await makeUser(), await makeUser()]
    const ids = [ana.id, ...others.map((u) => u.id)].sort((a, b) => a - b)
    const at = Date.now()
    const notice = await given(adminNotifications, {
      title: 'Respira',
      status: 'sent',
      receivers: ids,
      sentAt: new Date(at),
      sendAt: new Date(at),
      createdAt: new Date(at),
      copy: { es: { title: 'Respira' }, en: { title: 'Breathe' } },
    })
    const res = await fetchWorker('/ws/notifications', {
      headers: { Upgrade: 'websocket', Origin: 'http://localhost', ...bearer(ana.token) },
    })
    const ws = res.webSocket!
    ws.accept()
    const received: any[] = []
    ws.addEventListener('message', (e) => received.push(JSON.parse(String(e.data))))

    const body = { kind: 'block', notification: notice, from: ids[0], to: ids[2], receivers: ids, moments: {}, at }
    const first = await deliver('calma-fanout', body, 1, 'block-1')
    const again = await deliver('calma-fanout', body, 2, 'block-1')
    expect(first.explicitAcks).toEqual(['block-1'])
    expect(again.explicitAcks).toEqual(['block-1'])
    expect(await count('SELECT count(*) AS n FROM notification_deliveries WHERE notification_id = ?1', notice)).toBe(3)
    expect(
      await count(
        "SELECT count(*) AS n FROM notification_deliveries WHERE notification_id = ?1 AND status = 'sent'",
        notice,
      ),
    ).toBe(3)
    expect(await count('SELECT count(*) AS n FROM in_app_notifications WHERE notification_id = ?1', notice)).toBe(3)
    await new Promise((r) => setTimeout(r, 50))
    expect(received.filter((m) => m.notification?.notification_id === notice).map((m) => m.notification.title)).toEqual(
      ['Breathe'],
    )
    ws.close()
  })

  it('a notice to more than one block is claimed once by the cron and written by the queue consumers', async () => {
    await makeUser({ language: 'en' })
    // A person far up the id range makes the audience span several blocks of FANOUT_BLOCK ids.
    const { hi } = (await env.DB.prepare('SELECT max(id) AS hi FROM users').first<{ hi: number }>())!
    await given(users, { id: hi + 2 * FANOUT_BLOCK + 5, name: 'Far', email: `far-${hi}@example.com`, language: 'en' })
    const audience = await count(
      "SELECT count(*) AS n FROM users WHERE language = 'en' AND notifications_disabled_at IS NULL",
    )
    const notice = await given(adminNotifications, {
      title: 'Hello all',
      language: 'en',
      sendAt: new Date(0),
      createdAt: new Date(0),
    })

    const [a, b] = await Promise.all([
      sendDueNotifications(jobCtx(env), new Date()),
      sendDueNotifications(jobCtx(env), new Date()),
    ])
    expect(a.blocks + b.blocks).toBe(3)
    expect(a.deliveries + b.deliveries).toBe(0)
    let written = 0
    for (let i = 0; i < 100 && written < audience; i++) {
      await new Promise((r) => setTimeout(r, 100))
      written = await count('SELECT count(*) AS n FROM in_app_notifications WHERE notification_id = ?1', notice)
    }
    expect(written).toBe(audience)
    expect(await count('SELECT count(*) AS n FROM notification_deliveries WHERE notification_id = ?1', notice)).toBe(
      audience,
    )
  })
})

describe('the mail of a large email notice, written by its blocks', () => {
  it('each block mails its due people and puts the ids on calma-mail; a redelivered block or the cron at once adds no second mail', async () => {
    const people = [await makeUser({ language: 'en' }), await makeUser(), await makeUser()]
    const off = await makeUser()
    await patch(users, off.id, { notificationsDisabledAt: new Date(1) })
    const ids = [...people, off].map((u) => u.id).sort((a, b) => a - b)
    const at = Date.now()
    const notice = await given(adminNotifications, {
      title: 'Respira hoy',
      status: 'sent',
      channel: 'email',
      receivers: ids,
      sentAt: new Date(at),
      sendAt: new Date(at),
      createdAt: new Date(at),
      copy: { es: { title: 'Respira hoy' }, en: { title: 'Breathe today' } },
    })
    const mails = () =>
      env.DB.prepare(
        `SELECT o.id, o.to_address, o.subject, o.status, d.status AS delivery FROM email_outbox o
         JOIN notification_deliveries d ON d.id = o.delivery_id WHERE d.notification_id = ?1 ORDER BY o.to_address`,
      )
        .bind(notice)
        .all<{ id: number; to_address: string; subject: string; status: string; delivery: string }>()
        .then((r) => r.results)
    // The real calma-mail queue, watched (not replaced): which ids the block put on it.
    const enqueue = vi.spyOn(prod.MAIL_QUEUE, 'sendBatch')
    const body = { kind: 'block', notification: notice, from: ids[0], to: ids[3], receivers: ids, moments: {}, at }
    // The block's consumer alone mails its people (the cron has not run).
    const first = await deliver('calma-fanout', body, 1, 'mail-block')
    expect(first.explicitAcks).toEqual(['mail-block'])
    expect(await mails()).toHaveLength(people.length)
    // The block once more, and the minute cron finding a delivery pending again (as if it had
    // claimed it before the block's transaction): neither adds a mail (one per delivery).
    await patch(
      notificationDeliveries,
      and(eq(notificationDeliveries.notificationId, notice), eq(notificationDeliveries.userId, people[0]!.id))!,
      { status: 'pending' },
    )
    const [cron, again] = await Promise.all([
      sendDueNotifications(jobCtx(prod), new Date()),
      deliver('calma-fanout', body, 2, 'mail-block'),
    ])
    expect(again.explicitAcks).toEqual(['mail-block'])
    expect(cron.emails).toBe(0)

    const written = await mails()
    expect(written.map((m) => [m.to_address, m.status, m.delivery])).toEqual(
      people.map((u) => [u.email, 'pending', 'sent']).sort((a, b) => a[0]!.localeCompare(b[0]!)),
    )
    expect(written.find((m) => m.to_address === people[0]!.email)!.subject).toBe('Breathe today')
    // The person who turned notifications off is not in the audience: no delivery, no mail.
    expect(
      await count(
        'SELECT count(*) AS n FROM notification_deliveries WHERE notification_id = ?1 AND user_id = ?2',
        notice,
        off.id,
      ),
    ).toBe(0)
    const queued = enqueue.mock.calls.flatMap(([messages]) => [...messages].flatMap((m) => m.body.ids))
    expect(queued.sort((a, b) => a - b)).toEqual(written.map((m) => m.id).sort((a, b) => a - b))
    enqueue.mockRestore()

    // The ids as calma-mail delivers them: each person gets their mail once.
    const provider = resendAtFetch()
    expect((await deliver('calma-mail', { ids: queued }, 1, 'mail-of-block')).explicitAcks).toEqual(['mail-of-block'])
    expect([...provider.received()].sort()).toEqual(people.map((u) => [u.email, 1]).sort())
    expect((await mails()).every((m) => m.status === 'sent')).toBe(true)
  })
})

describe('enqueueing many blocks', () => {
  it('cuts the messages into sends the queue accepts (256 KB each): 100 blocks of 1,000 receivers are not one send', async () => {
    const receivers = Array.from({ length: RECEIVERS_PER_BLOCK }, (_, i) => 1_000_000 + i)
    // Notice 0 does not exist: the consumer acknowledges these blocks without writing.
    const messages = Array.from({ length: 100 }, (_, i) => ({
      body: { kind: 'block' as const, notification: 0, from: i, to: i, receivers, moments: {}, at: 0 },
    }))
    await expect(env.FANOUT_QUEUE.sendBatch(messages)).rejects.toThrow()
    const batches = queueBatches(messages)
    expect(batches.length).toBeGreaterThan(1)
    expect(batches.flat()).toEqual(messages)
    for (const batch of batches) await env.FANOUT_QUEUE.sendBatch(batch)
  })
})

describe('sharded public channels', () => {
  it('the Worker picks a visitor’s shard by address and a person’s by id; a broadcast reaches every shard', async () => {
    const open = async (headers: Record<string, string>) => {
      const res = await fetchWorker('/ws/public/es', {
        headers: { Upgrade: 'websocket', Origin: 'http://localhost', ...headers },
      })
      expect(res.status).toBe(101)
      const ws = res.webSocket!
      ws.accept()
      const received: any[] = []
      ws.addEventListener('message', (e) => received.push(JSON.parse(String(e.data))))
      return { ws, received }
    }
    // Sixteen visitors and a person: more than one shard in use, each socket on the shard the Worker chose.
    const addresses = Array.from({ length: 16 }, (_, i) => `192.0.2.${i + 1}`)
    const visitors = await Promise.all(addresses.map((a) => open({ 'cf-connecting-ip': a })))
    const person = await register({}, 'es')
    const own = await open({ 'cf-connecting-ip': '192.0.2.200', ...bearer(person.token) })
    const shards = new Set(addresses.map((address) => shardOf({ user: null, address })))
    expect(shards.size).toBeGreaterThan(1)
    const counts = await Promise.all(
      Array.from({ length: PUBLIC_SHARDS }, (_, i) =>
        channel(env, publicChannel('es', i)).publish({ type: 'probe', shard: i } as never),
      ),
    )
    expect(counts.reduce((a, b) => a + b, 0)).toBe(17)
    expect(counts[shardOf({ user: person.id, address: null })]).toBeGreaterThanOrEqual(1)
    for (const s of [...visitors, own]) expect(s.received.map((m) => m.type)).toEqual(['probe'])

    // A notice for everyone in Spanish: once to every socket, whatever its shard.
    await given(adminNotifications, {
      title: 'Para todos los fragmentos',
      language: 'es',
      sendAt: new Date(0),
      createdAt: new Date(0),
    })
    await sendDueNotifications(jobCtx(env), new Date())
    await new Promise((r) => setTimeout(r, 50))
    for (const s of [...visitors, own])
      expect(s.received.filter((m) => m.type === 'notification').map((m) => m.notification.title)).toEqual([
        'Para todos los fragmentos',
      ])
    for (const s of [...visitors, own]) s.ws.close()
  })
})

describe('mail through calma-mail', () => {
  it('a provider failure, and a timeout after the provider accepted, are retried with backoff and the person gets each mail once', async () => {
    const ids = [await mailTo('uno@example.com'), await mailTo('dos@example.com')]
    expect((await outbox(ids[0]!))!.status).toBe('pending')
    // Each delivery also tries the call RETRIES_IN_INVOCATION more times at the next turns (decision
    // 082): the first delivery meets only 503s, the second a timeout after the provider accepted.
    const provider = resendAtFetch({ fault: faults(...wholeDelivery('unavailable'), ...wholeDelivery('lost')) })
    const perDelivery = RETRIES_IN_INVOCATION + 1

    const tries = [
      await deliver('calma-mail', { ids }, 1, 'mail-1', mailProd),
      await deliver('calma-mail', { ids }, 2, 'mail-1', mailProd),
    ]
    expect(tries.map((r) => r.retryMessages)).toEqual([[{ msgId: 'mail-1' }], [{ msgId: 'mail-1' }]])
    expect(tries.map((r) => r.delays)).toEqual([[retryDelay(1)], [retryDelay(2)]])
    expect(retryDelay(1)).toBeLessThan(retryDelay(2))
    expect(await outbox(ids[0]!)).toMatchObject({ status: 'pending', attempts: 2 * perDelivery })
    const sent = await deliver('calma-mail', { ids }, 3, 'mail-1', mailProd)
    expect(sent.explicitAcks).toEqual(['mail-1'])
    // The same message delivered once more: nothing is pending, the provider is not called.
    const twice = await deliver('calma-mail', { ids }, 1, 'mail-2', mailProd)
    expect(twice.explicitAcks).toEqual(['mail-2'])

    expect(provider.calls.map((c) => c.endpoint)).toEqual(Array(2 * perDelivery + 1).fill('/emails/batch'))
    expect(new URL(providerBatchUrl(mailProd)).pathname).toBe('/emails/batch')
    // One key for every try (the last was answered from the provider's record: the lost one sent it).
    expect(new Set(provider.calls.map((c) => c.key)).size).toBe(1)
    expect(provider.calls.map((c) => c.replayed)).toEqual([...Array(2 * perDelivery).fill(false), true])
    expect([...provider.received()]).toEqual([
      ['uno@example.com', 1],
      ['dos@example.com', 1],
    ])
    for (const id of ids) {
      const row = await outbox(id)
      expect(row).toMatchObject({ status: 'sent', attempts: 2 * perDelivery + 1, html: null })
      expect(provider.inbox.map((m) => m.id)).toContain(row!.provider_id)
    }
  })

  it('mail never handed to the queue is enqueued by the minute cron once, after an hour', async () => {
    const id = await mailTo('cuatro@example.com')
    const now = Date.now()
    expect(await resendStranded(prod, now)).toBe(0) // queued when written
    await patch(emailOutbox, id, { queuedAt: null }) // its enqueue failed
    expect(await resendStranded(prod, now + 1000)).toBeGreaterThanOrEqual(1)
    expect(
      (await env.DB.prepare('SELECT queued_at FROM email_outbox WHERE id = ?1')
        .bind(id)
        .first<{ queued_at: number }>())!.queued_at,
    ).toBe(now + 1000)
    expect(await resendStranded(prod, now + 2000)).toBe(0)
    expect(await resendStranded(env, now + 2000)).toBe(0) // a run without a provider never sends
  })

  it('a mail that exhausts its retries lands in the dead-letter queue, is listed for admins, and is sent once when replayed', async () => {
    const id = await mailTo('tres@example.com')
    // The second try reached the provider, which sent it; only the answer was lost.
    const provider = resendAtFetch({ fault: faults(...wholeDelivery(), ...wholeDelivery('lost'), ...wholeDelivery()) })
    for (const attempt of [1, 2, 3])
      expect((await deliver('calma-mail', { ids: [id] }, attempt, 'mail-dead', mailProd)).retryMessages).toHaveLength(1)
    // Past max_retries the queue moves the message to calma-mail-dead.
    expect((await deliver('calma-mail-dead', { ids: [id] }, 1, 'mail-dead')).ackAll).toBe(true)
    expect(await outbox(id)).toMatchObject({ status: 'dead', attempts: 3 * (RETRIES_IN_INVOCATION + 1) })

    const admin = await register({ name: 'Admin Calma' })
    await setRole(admin.id, Role.admin)
    const patient = await register()
    expect((await api('/v1/notifications/dead-mail', { headers: bearer(patient.token) })).status).toBe(403)
    expect(
      (
        await api('/v1/notifications/dead-mail/replay', {
          method: 'POST',
          headers: bearer(patient.token),
          form: { id: String(id) },
        })
      ).status,
    ).toBe(403)
    const list = await json(await api('/v1/notifications/dead-mail', { headers: bearer(admin.token), locale: 'es' }))
    expect(list.mails.find((m: any) => m.id === id)).toMatchObject({
      to: 'tres@example.com',
      attempts: 3 * (RETRIES_IN_INVOCATION + 1),
      error: 'provider answered 503 service_unavailable: API is temporarily unavailable.',
    })
    const bad = await api('/v1/notifications/dead-mail/replay', {
      method: 'POST',
      headers: bearer(admin.token),
      form: { id: 'x' },
      locale: 'es',
    })
    expect(bad.status).toBe(422)

    const replay = await api('/v1/notifications/dead-mail/replay', {
      method: 'POST',
      headers: bearer(admin.token),
      form: { id: String(id) },
      locale: 'es',
    })
    expect(replay.status).toBe(200)
    expect(await json(replay)).toMatchObject({ replayed: 1, message: 'Enviado de nuevo a la cola de correo.' })
    expect(await outbox(id)).toMatchObject({ status: 'pending', dead_at: null })
    // The replayed message, as the queue delivers it.
    // The replayed message, as the queue delivers it: the same call under the same key, which the
    // provider answers from its record (the lost try had sent it).
    expect((await deliver('calma-mail', { ids: [id] }, 1, 'mail-replayed', mailProd)).explicitAcks).toEqual([
      'mail-replayed',
    ])
    expect(provider.calls.at(-1)!.replayed).toBe(true)
    const row = await outbox(id)
    expect(row).toMatchObject({ status: 'sent' })
    expect(provider.inbox.find((m) => m.to.includes('tres@example.com'))!.id).toBe(row!.provider_id)
    expect(provider.received().get('tres@example.com')).toBe(1)
    // Replaying again finds nothing dead.
    expect(
      await json(
        await api('/v1/notifications/dead-mail/replay', {
          method: 'POST',
          headers: bearer(admin.token),
          form: { id: String(id) },
        }),
      ),
    ).toMatchObject({ replayed: 0 })
  })
})
