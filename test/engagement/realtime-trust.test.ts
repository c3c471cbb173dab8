// Realtime that holds against outside eyes (issue 32 §6, docs/decisions/038): a broadcast on a
// public channel reaches a signed-in person only in their chosen language and never once they
// opted out (SPEC §7: "a public channel for notifications, used only when the notification
// locale matches the current locale"), however their settings changed since the socket opened;
// anonymous sockets are capped per IPv6 /64 as per IPv4 address; a session's sockets are told
// at once when it ends and nothing reaches them after.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { Role } from '#shared/enums'
import { REALTIME_LIMITS } from '#shared/limits'
import { sendDueNotifications } from '#worker/features/notifications/notifications.due'
import { addressKey } from '#worker/realtime/channels'
import { api, json } from '../helpers'
import { bearer, register, setRole } from '../users/support'
import { open, SESSION_ENDED, socket, type Socket } from './sockets'
import { jobCtx } from '#worker/context'

const settle = (ms = 50) => new Promise((r) => setTimeout(r, ms))
const titles = (s: Socket) =>
  s.received.filter((m) => m.startsWith('{"type":"notification"')).map((m) => JSON.parse(m).notification.title)
const userChannel = (userId: number) => env.CHANNELS.get(env.CHANNELS.idFromName(`user:${userId}`))

async function adminToken() {
  const a = await register({ name: 'Admin' }, 'es')
  await setRole(a.id, Role.admin)
  return a.token
}
/** A notice for everyone, due now: in `language` only, or (none) in each person's. */
async function broadcast(admin: string, copy: { es?: string; en?: string }, language?: 'es' | 'en') {
  const form: Record<string, string> = {}
  if (language) form.language = language
  if (copy.es) form.title_es = copy.es
  if (copy.en) form.title_en = copy.en
  const res = await api('/v1/notification', { method: 'POST', locale: 'es', headers: bearer(admin), form })
  expect(res.status, JSON.stringify(await json(res.clone()))).toBe(201)
}
const optOut = (token: string) =>
  api('/v1/user/notifications/delete', { method: 'DELETE', locale: 'es', headers: bearer(token) })
const chooseLanguage = (token: string, language: 'es' | 'en') =>
  api('/v1/user/update', { method: 'POST', locale: 'es', headers: bearer(token), form: { language } })

describe('broadcasts on the public channels', () => {
  it('reach a signed-in person only in their chosen language, never once they opted out (before or after the socket opened)', async () => {
    const admin = await adminToken()
    const es = await register({ name: 'Es' }, 'es')
    const en = await register({ name: 'En', language: 'en' }, 'es')
    const out = await register({ name: 'Fuera' }, 'es')
    expect((await optOut(out.token)).status).toBe(200)
    const laterOut = await register({ name: 'Luego fuera' }, 'es')
    const switched = await register({ name: 'Cambia' }, 'es')
    const stamp = Date.now().toString(36)

    // Every socket on the Spanish page's public channel; the English person on the English one too.
    const anonymous = await socket('/ws/public/es')
    const esSocket = await socket('/ws/public/es', { token: es.token })
    const enOnEs = await socket('/ws/public/es', { token: en.token })
    const enOnEn = await socket('/ws/public/en', { token: en.token })
    const outSocket = await socket('/ws/public/es', { token: out.token })
    const laterSocket = await socket('/ws/public/es', { token: laterOut.token })
    const switchedSocket = await socket('/ws/public/es', { token: switched.token })
    // Settings changed after their sockets opened.
    expect((await optOut(laterOut.token)).status).toBe(200)
    expect((await chooseLanguage(switched.token, 'en')).status).toBe(200)

    await broadcast(admin, { es: `Solo en español ${stamp}` }, 'es')
    await broadcast(admin, { es: `Para todos ${stamp}`, en: `For everyone ${stamp}` })
    await sendDueNotifications(jobCtx(env), new Date())
    await settle()

    const mine = (s: Socket) =>
      titles(s)
        .filter((t: string) => t.endsWith(stamp))
        .sort()
    expect(mine(anonymous)).toEqual([`Para todos ${stamp}`, `Solo en español ${stamp}`])
    expect(mine(esSocket)).toEqual([`Para todos ${stamp}`, `Solo en español ${stamp}`])
    expect(mine(enOnEs), 'a Spanish notice to a person who chose English').toEqual([])
    expect(mine(enOnEn)).toEqual([`For everyone ${stamp}`])
    expect(mine(outSocket), 'opted out before').toEqual([])
    expect(mine(laterSocket), 'opted out after the socket opened').toEqual([])
    expect(mine(switchedSocket), 'chose English after the socket opened').toEqual([])
    // What reached them is what their unread list holds (the in-app rows of the same audience).
    const unread = async (token: string) =>
      ((await json(await api('/v1/notifications/unread', { headers: bearer(token) }))).notifications as any[])
        .map((n) => n.title)
        .filter((t: string) => t.endsWith(stamp))
        .sort()
    expect(await unread(en.token)).toEqual([`For everyone ${stamp}`])
    expect(await unread(laterOut.token)).toEqual([])
    for (const s of [anonymous, esSocket, enOnEs, enOnEn, outSocket, laterSocket, switchedSocket]) s.ws.close()
  })
})

let prefixes = 0
/** A /64 of the documentation range no other test uses. */
const fresh64 = () =>
  `2001:db8:${(0x4000 + ++prefixes).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`

describe('anonymous sockets, capped per address', () => {
  it('count every address of one IPv6 /64 as one, however it is written; another /64 is another', async () => {
    const prefix = fresh64()
    const opened: Socket[] = []
    for (let i = 0; i < REALTIME_LIMITS.socketsPerAddress; i++)
      opened.push(await socket('/ws/public/es', { address: `${prefix}::${(i + 1).toString(16)}` }))
    expect((await open('/ws/public/es', { address: `${prefix}:ffff:0:0:9` })).status).toBe(429)
    expect((await open('/ws/public/es', { address: `${prefix.toUpperCase()}:0:0:0:77` })).status).toBe(429)
    const elsewhere = await socket('/ws/public/es', { address: `${fresh64()}::1` })
    for (const s of [...opened, elsewhere]) s.ws.close()
  })

  it('the key of an address: IPv4 itself, IPv6 its /64 however written, mapped IPv4 its IPv4, anything else one "unknown"', () => {
    const cases: [string | null, string][] = [
      ['198.51.100.7', '198.51.100.7'],
      ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
      ['2001:DB8:0001:0002:0:0:0:77', '2001:db8:1:2::/64'],
      ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
      ['[2001:db8:1:2::9]', '2001:db8:1:2::/64'],
      ['fe80::1%eth0', 'fe80:0:0:0::/64'],
      ['2001:db8::', '2001:db8:0:0::/64'],
      ['::1', '0:0:0:0::/64'],
      ['::ffff:198.51.100.7', '198.51.100.7'],
      ['::ffff:c633:6407', '198.51.100.7'],
      ['2001:db8:1:2:3:4:1.2.3.4', '2001:db8:1:2::/64'],
      ['1:2:3:4:5:6:7:8:9', 'unknown'],
      ['2001:db8::1::2', 'unknown'],
      ['1:2:3:4:5:6:7', 'unknown'],
      ['12345::1', 'unknown'],
      ['300.1.1.1', 'unknown'],
      ['1.2.3', 'unknown'],
      ['nonsense', 'unknown'],
      ['', 'unknown'],
      [null, 'unknown'],
    ]
    for (const [ip, key] of cases) expect(addressKey(ip), String(ip)).toBe(key)
  })

  it('count an IPv4 address as itself, also when written IPv4-mapped', async () => {
    const v4 = `203.0.113.${Math.floor(Math.random() * 250) + 1}`
    const opened: Socket[] = []
    for (let i = 0; i < REALTIME_LIMITS.socketsPerAddress; i++)
      opened.push(await socket('/ws/public/es', { address: v4 }))
    expect((await open('/ws/public/es', { address: `::ffff:${v4}` })).status).toBe(429)
    const next = v4.replace(/\d+$/, (d) => String((Number(d) % 250) + 2))
    const neighbour = await socket('/ws/public/es', { address: next })
    for (const s of [...opened, neighbour]) s.ws.close()
  })
})

describe('sockets when their session ends', () => {
  it('are told at once; nothing reaches them after; the app’s client closes them, one that says it will and does not is closed by the channel', async () => {
    const p = await register({}, 'es')
    const polite = await socket('/ws/notifications', { token: p.token }, { obey: false })
    const deaf = await socket('/ws/public/es', { token: p.token }, { obey: false })
    const out = await api('/v1/user/logout', { method: 'POST', locale: 'en', headers: bearer(p.token) })
    expect(out.status).toBe(200)
    // Told before anything else, while the socket is still open.
    expect(await polite.nth(1)).toBe(SESSION_ENDED)
    expect(await deaf.nth(1)).toBe(SESSION_ENDED)
    const told = Date.now()
    expect(await userChannel(p.id).publish({ type: 'notification', n: 1 } as never)).toBe(0)
    // The app's client closes on it: a clean close, at once.
    polite.ws.close(4401, 'Session ended')
    expect(await polite.whenClosed()).toBe(4401)
    await settle()
    expect(await userChannel(p.id).connections()).toBe(0)
    // A client that ignores it is closed by the channel, within the grace of REALTIME_LIMITS.
    expect(await deaf.whenClosed()).toBe(4401)
    expect(Date.now() - told).toBeLessThan(REALTIME_LIMITS.endedGraceMs + 1500)
    expect(deaf.received).toEqual([SESSION_ENDED])
  })

  it('a socket of another client (no `closes=1`) is told, then closed by the channel at once', async () => {
    const p = await register({}, 'es')
    const other = await socket('/ws/notifications', { token: p.token }, { closes: false })
    const started = Date.now()
    const out = await api('/v1/user/logout', { method: 'POST', locale: 'en', headers: bearer(p.token) })
    expect(out.status).toBe(200)
    expect(await other.whenClosed()).toBe(4401)
    expect(Date.now() - started).toBeLessThan(REALTIME_LIMITS.endedGraceMs)
    expect(other.received).toEqual([SESSION_ENDED])
  })
})
