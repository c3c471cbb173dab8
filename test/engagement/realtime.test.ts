// Realtime only for its people (issue 20 §5), through the Worker's /ws routes and the real
// NotificationChannel objects: a role notice reaches only sockets opened by a session of that
// role (never an anonymous one), a notice for everyone reaches every socket; the sockets of a
// session close when it ends (logout, password change, erasure, a new role, expiry); ping is
// answered by the runtime; message size, message rate and open sockets are capped.
import { env, runInDurableObject } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { Role } from '#shared/enums'
import { REALTIME_LIMITS, SOCKET_CLOSE } from '#shared/limits'
import { OWNER_HEADER } from '#worker/durable/NotificationChannel'
import { sendDueNotifications } from '#worker/features/notifications/notifications.due'
import { api, json } from '../helpers'
import { bearer, changePassword, erase, login, register, saveRole, setRole } from '../users/support'
import { freshAddress, open, SESSION_ENDED, socket, track, type Socket } from './sockets'
import { jobCtx } from '#worker/context'

const notices = (s: Socket) =>
  s.received
    .filter((m) => m !== 'pong')
    .map((m) => JSON.parse(m) as { notification: { title: string }; role?: number | null })
const titles = (s: Socket) => notices(s).map((m) => m.notification.title)
const settle = (ms = 50) => new Promise((r) => setTimeout(r, ms))

async function adminAccount() {
  const a = await register({ name: 'Admin Calma' }, 'es')
  await setRole(a.id, Role.admin)
  return a
}
async function notify(adminToken: string, form: Record<string, string>) {
  const res = await api('/v1/notification', {
    method: 'POST',
    locale: 'es',
    headers: bearer(adminToken),
    form: { language: 'es', ...form },
  })
  expect(res.status, JSON.stringify(await json(res.clone()))).toBe(201)
  return (await json(res)).notification.id as number
}
/** The user channel of `userId`, straight from the namespace (what the services publish to). */
const userChannel = (userId: number) => env.CHANNELS.get(env.CHANNELS.idFromName(`user:${userId}`))

describe('role notices', () => {
  it('a notice for admins or psychologists never reaches an anonymous socket; each reaches its role; one for everyone reaches all', async () => {
    const admin = await adminAccount()
    const psy = await register({ name: 'Psicóloga' }, 'es')
    await setRole(psy.id, Role.psychologist)
    const patient = await register({ name: 'Paciente' }, 'es')
    const stamp = Date.now().toString(36)

    const anonymous = await socket('/ws/public/es')
    const adminPublic = await socket('/ws/public/es', { token: admin.token })
    const psyPublic = await socket('/ws/public/es', { token: psy.token })
    const patientPublic = await socket('/ws/public/es', { token: patient.token })

    await notify(admin.token, { role_recipients: String(Role.admin), title_es: `Solo admins ${stamp}` })
    await notify(admin.token, { role_recipients: String(Role.psychologist), title_es: `Solo psicólogos ${stamp}` })
    await notify(admin.token, { title_es: `Para todos ${stamp}` })
    await sendDueNotifications(jobCtx(env), new Date())
    await settle()

    const mine = (s: Socket) =>
      titles(s)
        .filter((t) => t.endsWith(stamp))
        .sort()
    expect(mine(anonymous)).toEqual([`Para todos ${stamp}`])
    expect(mine(adminPublic)).toEqual([`Para todos ${stamp}`, `Solo admins ${stamp}`])
    expect(mine(psyPublic)).toEqual([`Para todos ${stamp}`, `Solo psicólogos ${stamp}`])
    expect(mine(patientPublic)).toEqual([`Para todos ${stamp}`])
    // The role notice came with its role; the public one with none.
    expect(notices(psyPublic).find((m) => m.notification.title === `Solo psicólogos ${stamp}`)!.role).toBe(
      Role.psychologist,
    )
    // And the psychologist finds it in the unread list too (what a reconnecting page reads).
    const unread = await json(await api('/v1/notifications/unread', { headers: bearer(psy.token) }))
    expect(unread.notifications.map((n: any) => n.title)).toContain(`Solo psicólogos ${stamp}`)
    for (const s of [anonymous, adminPublic, psyPublic, patientPublic]) s.ws.close()
  })
})

describe('sockets end with their session', () => {
  it('logout closes the sockets of that session only (both channels); they receive nothing more', async () => {
    const p = await register({}, 'es')
    const other = await login(p.email)
    expect(other.res.status).toBe(200)
    const mineUser = await socket('/ws/notifications', { token: p.token })
    const minePublic = await socket('/ws/public/es', { token: p.token })
    const otherUser = await socket('/ws/notifications', { token: other.body.user.token })

    const out = await api('/v1/user/logout', { method: 'POST', locale: 'en', headers: bearer(p.token) })
    expect(out.status).toBe(200)
    expect(await mineUser.whenClosed()).toBe(SOCKET_CLOSE.sessionEnded)
    expect(await minePublic.whenClosed()).toBe(SOCKET_CLOSE.sessionEnded)

    // The other session's socket stays open and is the only one to receive.
    expect(await userChannel(p.id).publish({ type: 'notification', n: 1 } as never)).toBe(1)
    expect(JSON.parse(await otherUser.nth(1))).toEqual({ type: 'notification', n: 1 })
    // Told that its session ended (then closed by the client, as the app does), and nothing more.
    expect(mineUser.received).toEqual([SESSION_ENDED])
    // The ended session opens nothing again.
    expect((await open('/ws/notifications', { token: p.token })).status).toBe(401)
    otherUser.ws.close()
  })

  it('a password change closes every socket of the person; the new session opens again', async () => {
    const p = await register({}, 'es')
    const other = await login(p.email)
    const a = await socket('/ws/notifications', { token: p.token })
    const b = await socket('/ws/notifications', { token: other.body.user.token })
    const c = await socket('/ws/public/es', { token: other.body.user.token })
    const res = await changePassword(p.token, 'A-brand-new-one-9')
    expect(res.status).toBe(200)
    const fresh = (await json(res)).user.token as string
    expect(await Promise.all([a.whenClosed(), b.whenClosed(), c.whenClosed()])).toEqual([
      SOCKET_CLOSE.sessionEnded,
      SOCKET_CLOSE.sessionEnded,
      SOCKET_CLOSE.sessionEnded,
    ])
    expect(await userChannel(p.id).publish({ n: 1 } as never)).toBe(0)
    // The caller's page reconnects with its new session; the old one cannot.
    expect((await open('/ws/notifications', { token: other.body.user.token })).status).toBe(401)
    const again = await socket('/ws/notifications', { token: fresh })
    expect(await userChannel(p.id).publish({ n: 2 } as never)).toBe(1)
    expect(JSON.parse(await again.nth(1))).toEqual({ n: 2 })
    again.ws.close()
  })

  it('erasing the account closes its sockets, by the person or by an admin', async () => {
    const p = await register({}, 'es')
    const s = await socket('/ws/notifications', { token: p.token })
    const pub = await socket('/ws/public/en', { token: p.token })
    const res = await erase(p.token)
    expect(res.status).toBe(200)
    expect(await s.whenClosed()).toBe(SOCKET_CLOSE.sessionEnded)
    expect(await pub.whenClosed()).toBe(SOCKET_CLOSE.sessionEnded)

    const admin = await adminAccount()
    const q = await register({}, 'es')
    const theirs = await socket('/ws/notifications', { token: q.token })
    const erased = await erase(admin.token, q.id)
    expect(erased.status).toBe(200)
    expect(await theirs.whenClosed()).toBe(SOCKET_CLOSE.sessionEnded)
  })

  it('a new role from an admin closes the person’s sockets (role notices follow the new role on reconnect)', async () => {
    const admin = await adminAccount()
    const p = await register({}, 'es')
    const pub = await socket('/ws/public/es', { token: p.token })
    const res = await saveRole(bearer(admin.token), p.id, Role.psychologist)
    expect(res.status).toBe(200)
    expect(await pub.whenClosed()).toBe(SOCKET_CLOSE.sessionEnded)
  })

  it('a socket whose session has expired is closed: at once by the alarm, and never sent to', async () => {
    const stub = env.CHANNELS.get(env.CHANNELS.idFromName('user:expiry-test'))
    const owner = (expires: number) =>
      JSON.stringify({ user: 99_001, role: 1, session: `s-${expires}`, expires, address: null })
    // Already expired: refused.
    expect(
      (await stub.fetch('http://do/ws', { headers: { Upgrade: 'websocket', [OWNER_HEADER]: owner(Date.now() - 1) } }))
        .status,
    ).toBe(401)
    const res = await stub.fetch('http://do/ws', {
      headers: { Upgrade: 'websocket', [OWNER_HEADER]: owner(Date.now() + 150) },
    })
    expect(res.status).toBe(101)
    const s = track(res.webSocket!)
    expect(await s.whenClosed()).toBe(SOCKET_CLOSE.sessionEnded)
    expect(await stub.publish({ n: 1 } as never)).toBe(0)
    expect(s.received).toEqual([SESSION_ENDED])
  })
})

describe('limits', () => {
  it('ping is answered pong by the runtime, and pings never count against the message rate', async () => {
    const p = await register({}, 'es')
    const s = await socket('/ws/notifications', { token: p.token })
    const pings = REALTIME_LIMITS.messagesPerWindow * 3
    for (let i = 0; i < pings; i++) s.ws.send('ping')
    expect(await s.nth(pings)).toBe('pong')
    expect(s.received.every((m) => m === 'pong')).toBe(true)
    expect(s.closed()).toBeNull()
    expect(await userChannel(p.id).publish({ n: 1 } as never)).toBe(1)
    expect(JSON.parse(await s.nth(pings + 1))).toEqual({ n: 1 })
    s.ws.close()
  })

  it('a message larger than the limit closes the socket with 1009', async () => {
    const s = await socket('/ws/public/es')
    s.ws.send('x'.repeat(REALTIME_LIMITS.maxMessageBytes + 1))
    expect(await s.whenClosed()).toBe(1009)
    // Multi-byte text counts in bytes, not characters.
    const t = await socket('/ws/public/es')
    t.ws.send('ñ'.repeat(REALTIME_LIMITS.maxMessageBytes / 2 + 1))
    expect(await t.whenClosed()).toBe(1009)
  })

  it('too many messages in the window close the socket with 1008', async () => {
    const s = await socket('/ws/public/en')
    for (let i = 0; i <= REALTIME_LIMITS.messagesPerWindow; i++) s.ws.send('hello')
    expect(await s.whenClosed()).toBe(1008)
  })

  it('one person opens at most socketsPerPerson sockets on a channel; one more is refused with 429', async () => {
    const p = await register({}, 'es')
    const open5 = []
    for (let i = 0; i < REALTIME_LIMITS.socketsPerPerson; i++)
      open5.push(await socket('/ws/notifications', { token: p.token }))
    const refused = await open('/ws/notifications', { token: p.token })
    expect(refused.status).toBe(429)
    expect(refused.webSocket).toBeNull()
    // Someone else is not affected.
    const q = await register({}, 'es')
    const theirs = await socket('/ws/notifications', { token: q.token })
    // A closed socket frees its place.
    open5[0]!.ws.close(1000, 'bye')
    await settle(100)
    const again = await socket('/ws/notifications', { token: p.token })
    for (const s of [...open5, theirs, again]) s.ws.close()
  })

  it('when full, sockets gone quiet (no ping for quietAfterMs) give up their places; one that pings keeps its own', async () => {
    const p = await register({}, 'es')
    const sockets: Socket[] = []
    for (let i = 0; i < REALTIME_LIMITS.socketsPerPerson; i++)
      sockets.push(await socket('/ws/notifications', { token: p.token }))
    const [alive, ...ghosts] = sockets as [Socket, ...Socket[]]
    // All opened long ago (as a tab killed or a phone that changed networks leaves them); one still pings.
    await runInDurableObject(userChannel(p.id), async (_channel, state) => {
      for (const ws of state.getWebSockets()) {
        const a = ws.deserializeAttachment() as { opened: number; windowStart: number }
        ws.serializeAttachment({
          ...a,
          opened: a.opened - REALTIME_LIMITS.quietAfterMs * 2,
          windowStart: a.windowStart - REALTIME_LIMITS.quietAfterMs * 2,
        })
      }
    })
    alive.ws.send('ping')
    expect(await alive.nth(1)).toBe('pong')
    const fresh = await socket('/ws/notifications', { token: p.token })
    expect(await Promise.all(ghosts.map((g) => g.whenClosed()))).toEqual(ghosts.map(() => 1001))
    expect(alive.closed()).toBeNull()
    expect(await userChannel(p.id).publish({ n: 1 } as never)).toBe(2)
    expect(JSON.parse(await fresh.nth(1))).toEqual({ n: 1 })
    for (const s of [alive, fresh]) s.ws.close()
  })

  it('one address opens at most socketsPerAddress anonymous sockets on a public channel; one more is refused with 429', async () => {
    const address = freshAddress()
    const opened = []
    for (let i = 0; i < REALTIME_LIMITS.socketsPerAddress; i++) opened.push(await socket('/ws/public/es', { address }))
    expect((await open('/ws/public/es', { address })).status).toBe(429)
    // Another address, and a signed-in person from the same address (counted as a person), still open.
    const elsewhere = await socket('/ws/public/es', { address: freshAddress() })
    const p = await register({}, 'es')
    const signedIn = await socket('/ws/public/es', { address, token: p.token })
    for (const s of [...opened, elsewhere, signedIn]) s.ws.close()
  })
})
