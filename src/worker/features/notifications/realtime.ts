// The realtime channels from the Worker's side (SPEC §7 "Realtime"; docs/API.md "In the app, in
// real time"): opening a socket on a NotificationChannel object with who opened it, and closing
// the sockets of a session that ended. Imports no other feature, so the users feature (sessions)
// can use it.
import { LANGUAGES } from '#shared/enums'
import type { Env, SessionUser } from '#worker/env'
import { OWNER_HEADER, type SocketOwner } from '#worker/durable/NotificationChannel'

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

/** Who a socket belongs to: a signed-in person with their session, or an address. */
export function socketOwner(user: SessionUser | null, address: string | null): SocketOwner {
  if (!user) return { user: null, role: null, session: null, expires: null, address: address ?? 'unknown' }
  return {
    user: user.id,
    role: user.role,
    session: user.session?.hash ?? null,
    expires: user.session?.expiresAt ?? null,
    address: null,
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
 * A session ended: close its sockets on the person's channel and on every public channel (with
 * no `session`, every socket of the person: password change, erasure, a new role). A channel
 * that fails is logged and left; its sockets still close when their session expires.
 */
export async function endRealtime(env: Env, userId: number, session?: string | null) {
  const names = [
    userChannel(userId),
    ...LANGUAGES.map((locale) => publicChannel(locale, shardOf({ user: userId, address: null }))),
  ]
  await Promise.all(
    names.map(async (name) => {
      try {
        await channel(env, name).endSessions({ user: userId, session: session ?? null })
      } catch (err) {
        console.warn(
          `realtime: closing the sockets of user ${userId} on ${name} failed: ${err instanceof Error ? err.message : String(err)}`,
        )
      }
    }),
  )
}
