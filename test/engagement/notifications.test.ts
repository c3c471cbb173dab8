// Notifications through the Worker (issue 11 §4–6): every admin call refused to a patient, create
// / list / cancel with field errors, the minute cron run twice at once sending exactly once, the
// in-app copy in each person's language through the realtime channels, best-moment scheduling,
// and the email with its unsubscribe link and List-Unsubscribe headers.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import { Role } from '#shared/enums'
import worker from '#worker/index'
import { bestMoment, sendDueNotifications } from '#worker/features/notifications/notifications.due'
import { renderTemplate } from '#worker/mail/templates'
import { providerBatchUrl } from '#worker/mail/provider'
import { sendMail } from '#worker/mail/send'
import { instantOf } from '#worker/lib/zones'
import { api, expectFieldErrors, json, minuteCron, PRODUCTION_VARS } from '../helpers'
import { eq } from 'drizzle-orm'
import { adminNotifications, inAppNotifications, notificationDeliveries } from '#worker/db/schema'
import { drop, given, patch, patchUser } from '../factories'
import { bearer, mailTo, register, setRole } from '../users/support'
import { jobCtx } from '#worker/context'

async function call(token: string, method: string, path: string, form: Record<string, string> = {}, locale = 'en') {
  const res = await api(path, { method, headers: bearer(token), form: method === 'GET' ? undefined : form, locale })
  return { res, body: await json(res) }
}
async function admin() {
  const a = await register({ name: 'Admin Calma' })
  await setRole(a.id, Role.admin)
  return a
}
/** An in-app notice from the team to every Spanish-speaking patient, made (201). */
async function toSpanishPatients(token: string, title: string, description: string) {
  const made = await call(token, 'POST', '/v1/notification', {
    language: 'es',
    role_recipients: '1',
    title_es: title,
    description_es: description,
  })
  expect(made.res.status).toBe(201)
  return made
}
async function runCronTwiceAtOnce(at = Date.now()) {
  await Promise.all([0, 1].map(() => minuteCron(env, at)))
}
const fetchWorker = (path: string, init?: RequestInit) =>
  (exports as unknown as { default: Fetcher }).default.fetch(`http://localhost${path}`, init)

/** A socket on /ws/… as the browser opens it, with what it has received. */
async function socket(path: string, token?: string) {
  const res = await fetchWorker(path, {
    headers: {
      Upgrade: 'websocket',
      Origin: 'http://localhost',
      'cf-connecting-ip': '203.0.113.7',
      ...(token ? bearer(token) : {}),
    },
  })
  expect(res.status).toBe(101)
  const ws = res.webSocket!
  ws.accept()
  const received: any[] = []
  ws.addEventListener('message', (e) => {
    received.push(JSON.parse(String(e.data)))
  })
  return { ws, received }
}
const settle = () => new Promise((r) => setTimeout(r, 50))

describe('admin calls', () => {
  it('every admin call is refused to a patient (403) and to a visitor (401), and nothing is stored', async () => {
    const patient = await register()
    const before = (await env.DB.prepare('SELECT count(*) AS n FROM admin_notifications').first<{ n: number }>())!.n
    const id = await given(adminNotifications, { title: 'x', sendAt: new Date(Date.UTC(2099, 0, 1)) })
    for (const [method, path, form] of [
      ['GET', '/v1/notifications', {}],
      ['POST', '/v1/notification', { title_es: 'Hola', language: 'es' }],
      ['POST', '/v1/notification/cancel', { id: String(id) }],
    ] as const) {
      const r = await call(patient.token, method, path, form)
      expect(r.res.status, `${method} ${path}`).toBe(403)
      const visitor = await api(path, { method, form: method === 'GET' ? undefined : { ...form } })
      expect(visitor.status).toBe(401)
    }
    for (const role of [Role.psychologist, Role.publisher, Role.coach]) {
      const other = await register()
      await setRole(other.id, role)
      expect(
        (await call(other.token, 'POST', '/v1/notification', { title_es: 'Hola', language: 'es' })).res.status,
      ).toBe(403)
    }
    expect((await env.DB.prepare('SELECT count(*) AS n FROM admin_notifications').first<{ n: number }>())!.n).toBe(
      before + 1,
    )
    expect(
      (await env.DB.prepare('SELECT status FROM admin_notifications WHERE id = ?1')
        .bind(id)
        .first<{ status: string }>())!.status,
    ).toBe('pending')
  })

  it('create with a delay, list, cancel once; missing copy and bad values are 422 with field errors', async () => {
    const a = await admin()
    const missing = await call(a.token, 'POST', '/v1/notification', { channel: 'in_app' }, 'es')
    expect(missing.res.status).toBe(422)
    expect(missing.body.errors.title_es).toEqual(['Escribe el texto en este idioma.'])
    expect(missing.body.errors.title_en).toBeDefined()
    const bad = await call(a.token, 'POST', '/v1/notification', {
      title_es: 'x',
      language: 'es',
      role_recipients: '3',
      delay_amount: '2',
      delay_unit: 'weeks',
      receivers: '1|x',
    })
    expectFieldErrors(bad, ['delay_unit', 'receivers', 'role_recipients'])

    const sendAt = '2099-05-01T10:00:00.000Z'
    const made = await call(a.token, 'POST', '/v1/notification', {
      title_es: 'Respira',
      description_es: 'Un minuto para ti.',
      title_en: 'Breathe',
      channel: 'email',
      role_recipients: '1',
      readers_only: '1',
      send_at: sendAt,
      delay_amount: '2',
      delay_unit: 'days',
      at_best_moment: '1',
    })
    expect(made.res.status).toBe(201)
    expect(made.body.notification).toMatchObject({
      status: 'pending',
      channel: 'email',
      language: null,
      role_recipients: 1,
      readers_only: true,
      at_best_moment: true,
      delay_amount: 2,
      delay_unit: 'days',
      send_at: '2099-05-03T10:00:00.000Z',
    })
    expect(made.body.notification.copy).toEqual({
      es: { title: 'Respira', description: 'Un minuto para ti.' },
      en: { title: 'Breathe', description: null },
    })
    const list = await call(a.token, 'GET', '/v1/notifications?filters[status]=pending&per_page=100')
    expect(list.body.notifications.some((n: any) => n.id === made.body.notification.id)).toBe(true)
    const cancelled = await call(a.token, 'POST', '/v1/notification/cancel', { id: String(made.body.notification.id) })
    expect(cancelled.res.status).toBe(200)
    expect(cancelled.body.notification.status).toBe('cancelled')
    expect(
      (await call(a.token, 'POST', '/v1/notification/cancel', { id: String(made.body.notification.id) })).res.status,
    ).toBe(409)
    expect((await call(a.token, 'POST', '/v1/notification/cancel', { id: '99999999' })).res.status).toBe(404)
  })
})

describe('the minute cron', () => {
  it("a broadcast's rows claimed by a run that did not publish it are not pushed to each person again", async () => {
    const a = await admin()
    await register({ name: 'Paciente Es' }, 'es')
    const made = await toSpanishPatients(a.token, 'Respira', 'Un minuto para ti.')
    const id = made.body.notification.id as number
    await sendDueNotifications(jobCtx(env), new Date()) // claims it, writes its block, publishes it on the public channel
    // Two runs of the same minute: the other one claims the rows after this one wrote them.
    await patch(notificationDeliveries, eq(notificationDeliveries.notificationId, id), {
      status: 'pending',
      sentAt: null,
    })
    await drop(inAppNotifications, id, inAppNotifications.notificationId)
    const queued = vi.spyOn(env.FANOUT_QUEUE, 'sendBatch')
    const run = await sendDueNotifications(jobCtx(env), new Date())
    expect(run.delivered).toBeGreaterThan(0)
    const pushes = queued.mock.calls
      .flatMap(([batch]) => [...batch])
      .filter((m) => (m.body as { kind: string }).kind === 'push')
    expect(pushes).toEqual([])
  })

  it('run twice at once sends an in-app notification exactly once, to its audience, in real time to the matching locale only', async () => {
    const a = await admin()
    const es = await register({ name: 'Paciente Es' }, 'es')
    const en = await register({ name: 'Patient En' }, 'en')
    const psy = await register({}, 'es')
    await setRole(psy.id, Role.psychologist)
    const esUser = await socket('/ws/notifications', es.token)
    const esPublic = await socket('/ws/public/es', es.token)
    const anonymousEs = await socket('/ws/public/es')
    const psyPublic = await socket('/ws/public/es', psy.token)
    const enPublic = await socket('/ws/public/en', en.token)
    const enUser = await socket('/ws/notifications', en.token)

    const made = await toSpanishPatients(a.token, 'Hola, ¿cómo estás?', 'Un momento para respirar.')
    await runCronTwiceAtOnce()
    await settle()

    const rows = await env.DB.prepare('SELECT user_id, title FROM in_app_notifications WHERE notification_id = ?1')
      .bind(made.body.notification.id)
      .all<{ user_id: number; title: string }>()
    const ids = rows.results.map((r) => r.user_id)
    expect(ids).toContain(es.id)
    expect(ids).not.toContain(en.id)
    expect(ids).not.toContain(psy.id)
    expect(new Set(ids).size).toBe(ids.length) // once each
    const deliveries = await env.DB.prepare(
      'SELECT count(*) AS n FROM notification_deliveries WHERE notification_id = ?1 AND user_id = ?2',
    )
      .bind(made.body.notification.id, es.id)
      .first<{ n: number }>()
    expect(deliveries!.n).toBe(1)

    // A broadcast to a language and role goes once to that locale's public channel, naming the
    // role, and reaches only the sockets opened by a session of that role: not an anonymous one,
    // not a psychologist's.
    expect(esPublic.received.map((m) => [m.notification.title, m.role])).toEqual([['Hola, ¿cómo estás?', 1]])
    expect(anonymousEs.received).toEqual([])
    expect(psyPublic.received).toEqual([])
    expect(enPublic.received).toEqual([])
    expect(enUser.received).toEqual([])
    expect(esUser.received).toEqual([])
    // The unread list has it for the Spanish patient (what a reconnecting client reads).
    const unread = await call(es.token, 'GET', '/v1/notifications/unread')
    const mine = unread.body.notifications.find((n: any) => n.notification_id === made.body.notification.id)
    expect(mine).toMatchObject({
      key: `n:${made.body.notification.id}`,
      close_after: 5000,
      locale: 'es',
      description: 'Un momento para respirar.',
    })
    expect(
      (await call(en.token, 'GET', '/v1/notifications/unread')).body.notifications.some(
        (n: any) => n.notification_id === made.body.notification.id,
      ),
    ).toBe(false)
    // Read by the admin id (a toast from the public channel), once.
    expect(
      (await call(es.token, 'POST', '/v1/notifications/read', { notification_id: String(made.body.notification.id) }))
        .body.updated,
    ).toBe(1)
    expect(
      (await call(es.token, 'GET', '/v1/notifications/unread')).body.notifications.some(
        (n: any) => n.notification_id === made.body.notification.id,
      ),
    ).toBe(false)
    for (const s of [esUser, esPublic, anonymousEs, psyPublic, enPublic, enUser]) s.ws.close()
  })

  it('explicit receivers get it on their own channel, each in their language', async () => {
    const a = await admin()
    const es = await register({}, 'es')
    const en = await register({}, 'en')
    const esUser = await socket('/ws/notifications', es.token)
    const enUser = await socket('/ws/notifications', en.token)
    await call(a.token, 'POST', '/v1/notification', {
      receivers: `${es.id}|${en.id}`,
      title_es: 'Para ti',
      title_en: 'For you',
      level: 'success',
    })
    await runCronTwiceAtOnce()
    // Per-person pushes go through the calma-fanout queue (its consumer pushes within a second or two).
    for (let i = 0; i < 50 && (!esUser.received.length || !enUser.received.length); i++)
      await new Promise((r) => setTimeout(r, 100))
    await settle()
    expect(esUser.received.map((m) => [m.notification.title, m.notification.level])).toEqual([['Para ti', 'success']])
    expect(enUser.received.map((m) => m.notification.title)).toEqual(['For you'])
    esUser.ws.close()
    enUser.ws.close()
  })

  it('at the best moment: each person at their own time on their clock', async () => {
    const a = await admin()
    const p = await register({}, 'es')
    await patchUser(p.id, { timezone: 'America/Bogota', perfectTimeToSendNotifications: '08:30' })
    const now = Date.UTC(2031, 0, 10, 20, 0) // 15:00 in Bogotá
    const made = await call(a.token, 'POST', '/v1/notification', {
      receivers: String(p.id),
      language: 'es',
      title_es: 'Buenos días',
      at_best_moment: '1',
      send_at: new Date(now - 60_000).toISOString(),
    })
    await sendDueNotifications(jobCtx(env), new Date(now))
    const due = await env.DB.prepare('SELECT due_at, status FROM notification_deliveries WHERE notification_id = ?1')
      .bind(made.body.notification.id)
      .first<{ due_at: number; status: string }>()
    expect(due).toEqual({ due_at: instantOf('2031-01-11', 8 * 60 + 30, 'America/Bogota'), status: 'pending' })
    expect(bestMoment(now, 'America/Bogota', '16:00')).toBe(instantOf('2031-01-10', 16 * 60, 'America/Bogota'))
    await sendDueNotifications(jobCtx(env), new Date(due!.due_at))
    expect(
      (await env.DB.prepare('SELECT count(*) AS n FROM in_app_notifications WHERE notification_id = ?1')
        .bind(made.body.notification.id)
        .first<{ n: number }>())!.n,
    ).toBe(1)
  })

  it('email: once in the outbox, in the person’s language, with a working unsubscribe link; opted-out people get none', async () => {
    const a = await admin()
    const reader = await register({}, 'es')
    const quiet = await register({}, 'es')
    await patchUser([reader.id, quiet.id], { isAEmailReader: true })
    await call(quiet.token, 'DELETE', '/v1/user/notifications/delete', {})
    // A third chose the app only (profile settings): no mail for them either.
    const appOnly = await register({}, 'es')
    const chose = await call(appOnly.token, 'POST', '/v1/user/update', {
      notification_channels: 'in_app',
      is_a_email_reader: '1',
    })
    expect(chose.res.status).toBe(200)
    expect(chose.body.user.notification_channels).toEqual(['in_app'])
    expect((await call(appOnly.token, 'POST', '/v1/user/update', { notification_channels: 'sms' })).res.status).toBe(
      422,
    )
    const made = await call(a.token, 'POST', '/v1/notification', {
      channel: 'email',
      receivers: `${reader.id}|${quiet.id}|${appOnly.id}`,
      readers_only: '1',
      language: 'es',
      title_es: 'Tu semana en Calma',
      description_es: 'Tres minutos para ti.',
    })
    expect(made.res.status).toBe(201)
    await runCronTwiceAtOnce()
    const mails = await env.DB.prepare(
      "SELECT to_address, subject, text, locale FROM email_outbox WHERE template = 'notification' AND to_address IN (?1, ?2, ?3)",
    )
      .bind(reader.email, quiet.email, appOnly.email)
      .all<{ to_address: string; subject: string; text: string; locale: string }>()
    expect(mails.results.map((m) => [m.to_address, m.subject, m.locale])).toEqual([
      [reader.email, 'Tu semana en Calma', 'es'],
    ])
    const link = /https?:\/\/\S+disable-notifications\S+/.exec(mails.results[0]!.text)![0]
    const url = new URL(link)
    // The link works without signing in: the page's call with the signed fields.
    const stop = await api('/v1/user/notifications/delete', {
      method: 'DELETE',
      form: { user_id: url.searchParams.get('user_id')!, signature: url.searchParams.get('signature')! },
    })
    expect(stop.status).toBe(200)
    const u = await env.DB.prepare('SELECT notifications_disabled_at FROM users WHERE id = ?1')
      .bind(reader.id)
      .first<{ notifications_disabled_at: number | null }>()
    expect(u!.notifications_disabled_at).not.toBeNull()
  })

  it('the mail carries List-Unsubscribe headers to the provider, and the one-click POST unsubscribes', async () => {
    const mail = renderTemplate('notification', 'en', {
      name: 'Ana García',
      title: 'Hello',
      description: 'A minute for you.',
      link: 'https://calma.test/en/performance',
      unsubscribe: 'https://calma.test/en/disable-notifications?user_id=1&signature=s',
      oneClick: 'https://calma.test/unsubscribe?user_id=1&signature=s',
    })
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://calma.test/unsubscribe?user_id=1&signature=s>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
    expect(mail.text).toContain(
      'Stop receiving these emails: https://calma.test/en/disable-notifications?user_id=1&signature=s',
    )
    expect(mail.text).toContain('Hello Ana')

    // In production the queue's consumer hands the provider the headers (the only outside
    // service, faked at fetch).
    const prod = { ...env, ...PRODUCTION_VARS } as typeof env
    const id = await sendMail(prod, {
      to: 'ana@example.com',
      template: 'notification',
      locale: 'en',
      data: {
        name: 'Ana García',
        title: 'Hello',
        description: null,
        link: 'https://calma.test/en/performance',
        unsubscribe: 'https://calma.test/en/disable-notifications?user_id=1&signature=s',
        oneClick: 'https://calma.test/unsubscribe?user_id=1&signature=s',
      },
    })
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      expect(String(input)).toBe(providerBatchUrl(prod))
      const [body] = JSON.parse(String(init!.body))
      expect(body.headers).toEqual(mail.headers)
      expect(body.subject).toBe('Hello')
      return Response.json({ data: [{ id: 'provider-1' }] })
    })
    const batch = createMessageBatch('calma-mail', [
      { id: 'm1', timestamp: Date.now(), attempts: 1, body: { ids: [id] } },
    ])
    const ctx = createExecutionContext()
    await worker.queue(batch, prod, ctx)
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(['m1'])
    expect(spy).toHaveBeenCalledTimes(1)
    spy.mockRestore()

    const p = await register({}, 'en')
    const outbox = (await mailTo(p.email, 'welcome'))!
    const query = new URL(/https?:\/\/\S+disable-notifications\S+/.exec(outbox!.text)![0]).search
    const forged = await fetchWorker(`/unsubscribe?user_id=${p.id}&signature=forged`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(forged.status).toBe(403)
    const oneClick = await fetchWorker(`/unsubscribe${query}`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(oneClick.status).toBe(200)
    expect(
      (await env.DB.prepare('SELECT notifications_disabled_at FROM users WHERE id = ?1')
        .bind(p.id)
        .first<{ notifications_disabled_at: number | null }>())!.notifications_disabled_at,
    ).not.toBeNull()
  })

  it('a socket needs this site’s origin, and the user channel a signed-in person', async () => {
    const p = await register()
    expect(
      (
        await fetchWorker('/ws/notifications', {
          headers: { Upgrade: 'websocket', Origin: 'https://evil.example', ...bearer(p.token) },
        })
      ).status,
    ).toBe(403)
    expect(
      (await fetchWorker('/ws/notifications', { headers: { Upgrade: 'websocket', Origin: 'http://localhost' } }))
        .status,
    ).toBe(401)
    expect(
      (await fetchWorker('/ws/public/fr', { headers: { Upgrade: 'websocket', Origin: 'http://localhost' } })).status,
    ).toBe(404)
    expect((await fetchWorker('/ws/public/es')).status).toBe(426)
    vi.restoreAllMocks()
  })
})
