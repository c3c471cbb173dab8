// The realtime channels from the Worker's side (SPEC §7 "Realtime"; docs/API.md "In the app, in
// real time"): opening a socket on a NotificationChannel object with who opened it, and closing
// the sockets of a session that ended. A layer under the features (decision 043): it imports no
// feature, so identity (sessions end their sockets) and notifications (a notice reaches its
// socket) both stand on it.
import { LANGUAGES } from '#shared/enums'
import type { Env, SessionUser } from '#worker/env'
import { OWNER_HEADER, type SessionsEnded, type SocketOwner } from '#worker/durable/NotificationChannel'

export const channel = (env: Env, name: string) => env.CHANNELS.get(env.CHANNELS.idFromName(name))
export const userChannel = (userId: number) => `user:${userId}`
/**
 * Public channels are sharded (issue 22 §4): `public:<locale>:<shard>`, so no single object
 * carries every visitor's socket (a Durable Object takes about 1,000 requests a second and
 * 32,768 hibernated sockets). The Worker, never the client, picks the shard: by user id for a
 * person and by address for a visitor, so the per-person and per-address caps of each object
 * (docs/API.md "Limits") stay whole. A broadcast is published to every shard.
 */
export const PUBLIC_SHARDS = 16
export const publicChannel = (locale: string, shard: number) => `public:${locale}:${shard}`
export const publicChannels = (locale: string) =>
  Array.from({ length: PUBLIC_SHARDS }, (_, i) => publicChannel(locale, i))

/** FNV-1a of the address: the same address always lands on the same shard. */
function hashText(text: string) {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0
  return h
}
export const shardOf = (owner: Pick<SocketOwner, 'user' | 'address'>) =>
  (owner.user !== null ? owner.user : hashText(owner.address ?? 'unknown')) % PUBLIC_SHARDS

/**
 * The address an anonymous socket is counted by (REALTIME_LIMITS.socketsPerAddress): an IPv4
 * address itself; an IPv6 address by its /64, since one subscriber is usually handed a whole
 * /64 (RFC 6177) and may use any address of it; an IPv4-mapped IPv6 address as its IPv4.
 * Anything that is not an address counts as one 'unknown' address.
 */
export function addressKey(ip: string | null | undefined): string {
  const raw = (ip ?? '').trim()
  const v4 = (s: string) => {
    const parts = s.split('.')
    if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null
    return parts.map(Number).join('.')
  }
  const asV4 = v4(raw)
  if (asV4) return asV4
  const addr = raw
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
    .toLowerCase()
  if (!/^[0-9a-f:.]+$/.test(addr) || !addr.includes(':')) return 'unknown'
  // An embedded IPv4 tail (::ffff:198.51.100.7) becomes two hextets.
  let text = addr
  const tail = /:(\d+\.\d+\.\d+\.\d+)$/.exec(addr)
  if (tail) {
    const quad = v4(tail[1]!)
    if (!quad) return 'unknown'
    const [a, b, c, d] = quad.split('.').map(Number) as [number, number, number, number]
    text = `${addr.slice(0, tail.index)}:${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const halves = text.split('::')
  if (halves.length > 2) return 'unknown'
  const head = halves[0] ? halves[0].split(':') : []
  const rest = halves.length === 2 && halves[1] ? halves[1].split(':') : []
  const missing = 8 - head.length - rest.length
  if (halves.length === 1 ? missing !== 0 : missing < 1) return 'unknown'
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest]
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return 'unknown'
  const hextets = groups.map((g) => parseInt(g, 16))
  // ::ffff:a.b.c.d (IPv4-mapped): the IPv4 address it carries.
  if (hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff)
    return [hextets[6]! >> 8, hextets[6]! & 255, hextets[7]! >> 8, hextets[7]! & 255].join('.')
  return `${hextets
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(':')}::/64`
}

/**
 * The client's address as Cloudflare hands it to the Worker: CF-Connecting-IP, except under the
 * zone's Pseudo IPv4 set to "Overwrite Headers" (developers.cloudflare.com, "HTTP request
 * headers": CF-Connecting-IP then carries a Class E IPv4 address hashed from the client's IPv6
 * address, "while preserving the real IPv6 address in CF-Connecting-IPv6"), where each address
 * of a /64 would arrive as its own IPv4 and the /64 would escape its cap. CF-Connecting-IPv6 is
 * read only then: a Class E address (240.0.0.0/4) is never a client's own, so it shows that
 * Cloudflare wrote both headers; without Pseudo IPv4 that header would be whatever the client sent.
 */
export function clientAddress(connectingIp: string | null | undefined, connectingIpv6: string | null | undefined) {
  const ip = (connectingIp ?? '').trim()
  const classE = /^(24\d|25[0-5])\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip)
  return classE && connectingIpv6?.includes(':') ? connectingIpv6 : ip
}

/**
 * Who a socket belongs to: a signed-in person with their session, or an address; and whether
 * the client closes it itself when told its session ended (`?closes=1`, docs/API.md).
 */
export function socketOwner(user: SessionUser | null, address: string | null, closesItself = false): SocketOwner {
  if (!user)
    return {
      user: null,
      role: null,
      session: null,
      expires: null,
      fp: null,
      address: address ?? 'unknown',
      closesItself,
    }
  return {
    user: user.id,
    role: user.role,
    session: user.session?.hash ?? null,
    expires: user.session?.expiresAt ?? null,
    fp: user.session?.fp ?? null,
    address: null,
    closesItself,
  }
}

/**
 * Open a socket on channel `name` for `owner`. The object gets a request built here (only the
 * upgrade and who opened it), never the browser's own headers, so nobody can claim another
 * owner. Answers the object's 101 (with a fresh Response, so middleware may still add headers)
 * or its refusal (429 past the caps).
 */
export async function openSocket(env: Env, name: string, owner: SocketOwner): Promise<Response> {
  const res = await channel(env, name).fetch('https://channel.internal/connect', {
    headers: { Upgrade: 'websocket', [OWNER_HEADER]: JSON.stringify(owner) },
  })
  return res.webSocket ? new Response(null, { status: 101, webSocket: res.webSocket }) : new Response(res.body, res)
}

/**
 * Sessions ended: end their sockets on the person's channel and on their public channels. `how`:
 * `{ session }` one session (logout); `{ keepPassword }` every session but those opened with the
 * password of that fingerprint (a password change), or all (null: an erasure); nothing, every
 * socket of the person (a new role: the sessions hold, the sockets reopen with it). Each is told
 * at once and closed by the client, or by the channel after REALTIME_LIMITS.endedGraceMs
 * (NotificationChannel endSocket); the ended sessions are remembered a while, so a socket one
 * opens at a location whose KV still holds it is refused. A channel that fails is logged and
 * left; its sockets still end when their session expires.
 */
export async function endRealtime(
  env: Env,
  userId: number,
  how: { session: string } | { keepPassword: string | null } | null = null,
) {
  const ended: SessionsEnded = {
    user: userId,
    ...(how && 'session' in how ? { session: how.session } : {}),
    ...(how && 'keepPassword' in how ? { keep: { fp: how.keepPassword } } : {}),
  }
  const names = [
    userChannel(userId),
    ...LANGUAGES.map((locale) => publicChannel(locale, shardOf({ user: userId, address: null }))),
  ]
  await Promise.all(
    names.map(async (name) => {
      try {
        await channel(env, name).endSessions(ended)
      } catch (err) {
        console.warn(
          `realtime: ending the sockets of user ${userId} on ${name} failed: ${err instanceof Error ? err.message : String(err)}`,
        )
      }
    }),
  )
}
