import { DurableObject } from 'cloudflare:workers'
import type { SocketMessage } from '#shared/contract/notifications'
import { REALTIME_LIMITS, SESSION_ENDED_MESSAGE, SOCKET_CLOSE } from '#shared/limits'
import { getDb } from '#worker/db/client'
import { audienceAmong, type AudienceOf } from '#worker/features/notifications/notifications.repo'

/**
 * Who opened a socket, as the Worker's /ws routes tell the channel (the `x-calma-socket` header
 * of the request they build; a browser's own headers never reach the object). Kept on the
 * socket as its attachment, so it survives hibernation.
 */
export interface SocketOwner {
  /** The signed-in person, or null for an anonymous socket on a public channel. */
  user: number | null
  /** Their role when the socket opened (role notices go only to sockets of that role). */
  role: number | null
  /** The session the socket was opened with (its KV hash): logout closes exactly these. */
  session: string | null
  /** When that session expires (ms): the socket is closed then. */
  expires: number | null
  /**
   * Fingerprint of the password that session was opened with (identity/): a
   * password change ends, and for a while refuses, the sockets of every other one.
   */
  fp?: string | null
  /** The client's address key, for anonymous sockets (the per-address cap: an IPv6 /64, realtime.ts addressKey). */
  address: string | null
  /**
   * The client said it closes the socket itself when told its session ended (`?closes=1`, the
   * app's client): the channel then waits REALTIME_LIMITS.endedGraceMs before closing it. Any
   * other socket is closed by the channel at once (docs/decisions/038).
   */
  closesItself?: boolean
}

/** A broadcast's audience, for the signed-in sockets of a public channel (notifications.service). */
export interface BroadcastAudience {
  notice: AudienceOf
  /** The locale of the message: of the channel, and the chosen language of whom it reaches. */
  locale: 'es' | 'en'
}

interface Attachment extends SocketOwner {
  /** When the socket opened (ms). */
  opened: number
  /** Start (ms) of the current rate window and the messages counted in it. */
  windowStart: number
  messages: number
  /** When its session ended (ms): told so, sent nothing more, closed by the channel after REALTIME_LIMITS.endedGraceMs. */
  ended?: number
}

export const OWNER_HEADER = 'x-calma-socket'

/**
 * How a person's sessions ended, for `endSessions`: one session (logout); every session but
 * those opened with the password whose fingerprint is `keep` (a password change), or all of them
 * (`keep` null: an erasure); or, with neither, every socket of the person without remembering
 * anything (a new role: the sessions hold, their sockets reopen with it).
 */
export interface SessionsEnded {
  user: number
  session?: string | null
  keep?: { fp: string | null }
}

/**
 * What a channel remembers of a person's ended sessions (storage `ended:<uid>`), for
 * REALTIME_LIMITS.endedMemoryMs: a socket one of them opens meanwhile is refused (401).
 */
interface EndedMemory {
  /** Sessions (KV hashes) that ended, each until when it is remembered. */
  sessions: Record<string, number>
  /** Every session but those of password `keep` (none when null) ended, remembered until `until`. */
  all?: { keep: string | null; until: number }
}

const endedKey = (user: number) => `ended:${user}`

const ANONYMOUS: SocketOwner = { user: null, role: null, session: null, expires: null, fp: null, address: null }

/** Tags of a socket (getWebSockets(tag) finds them without waking each one). */
function tagsOf(o: SocketOwner): string[] {
  const tags: string[] = []
  if (o.user !== null) tags.push(`u:${o.user}`)
  if (o.role !== null) tags.push(`r:${o.role}`)
  if (o.session) tags.push(`s:${o.session}`)
  if (o.user === null) tags.push('anon', `a:${o.address ?? 'unknown'}`)
  return tags
}

function parseOwner(raw: string | null): SocketOwner {
  if (!raw) return ANONYMOUS
  try {
    const o = JSON.parse(raw) as Partial<SocketOwner>
    const int = (v: unknown) => (Number.isSafeInteger(v) ? (v as number) : null)
    const str = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= 200 ? v : null)
    return {
      user: int(o.user),
      role: int(o.role),
      session: str(o.session),
      expires: int(o.expires),
      fp: str(o.fp),
      address: str(o.address),
      closesItself: o.closesItself === true,
    }
  } catch {
    return ANONYMOUS
  }
}

function byteLength(message: string | ArrayBuffer) {
  if (typeof message !== 'string') return message.byteLength
  // At most 3 bytes a UTF-16 unit: only long strings need encoding to know.
  return message.length * 3 <= REALTIME_LIMITS.maxMessageBytes
    ? message.length
    : new TextEncoder().encode(message).byteLength
}

function closeQuietly(ws: WebSocket, code: number, reason: string) {
  try {
    ws.close(code, reason)
  } catch {
    // already closed
  }
}

/**
 * One realtime channel: per user (`user:<id>`) or a shard of a locale's public channel (`public:es:0` … `public:en:15`, realtime.ts),
 * SPEC §7 "Realtime". Sockets use the hibernation API so an idle channel costs nothing; `ping`
 * is answered by the runtime itself (auto-response) without waking the object. `publish` is
 * called over RPC by whoever has something to say; `endSessions` by the users service when a
 * session ends. Limits: REALTIME_LIMITS (src/shared/limits.ts), docs/API.md.
 */
/**
 * The bindings the channel reads: the Worker's Env has them (env.ts names this class for CHANNELS,
 * so the channel names only what it needs instead of importing Env back: issue 33 §4).
 */
interface ChannelBindings {
  /** The D1 binding the channel makes its handle from (getDb), once per audience check. */
  DB: Parameters<typeof getDb>[0]
}

export class NotificationChannel extends DurableObject<ChannelBindings> {
  constructor(ctx: DurableObjectState, env: ChannelBindings) {
    super(ctx, env)
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'))
  }

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') {
      return new Response('Expected a WebSocket upgrade', { status: 426 })
    }
    const owner = parseOwner(request.headers.get(OWNER_HEADER))
    const now = Date.now()
    if (owner.expires !== null && owner.expires <= now) return new Response('Session ended', { status: 401 })
    // A session that ended here moments ago, read as alive by a location whose KV has not caught
    // up: its endSessions ran before this socket, so nothing would ever end it.
    if (owner.user !== null && (await this.endedEarlier(owner, now)))
      return new Response('Session ended', { status: 401 })
    // Counted and accepted with no await between: two upgrades at once cannot both take the last place.
    // A socket whose session ended is on its way out: it holds no place.
    let open = this.ctx
      .getWebSockets(owner.user !== null ? `u:${owner.user}` : `a:${owner.address ?? 'unknown'}`)
      .filter((ws) => !(ws.deserializeAttachment() as Attachment | null)?.ended)
    const cap = owner.user !== null ? REALTIME_LIMITS.socketsPerPerson : REALTIME_LIMITS.socketsPerAddress
    if (open.length >= cap) {
      // Full: sockets gone quiet are dead connections; they give up their places.
      open = open.filter((ws) => {
        if (!this.isQuiet(ws, now)) return true
        closeQuietly(ws, 1001, 'Gone quiet')
        return false
      })
    }
    if (open.length >= cap)
      return new Response('Too many open connections', { status: 429, headers: { 'Retry-After': '30' } })

    const pair = new WebSocketPair()
    this.ctx.acceptWebSocket(pair[1], tagsOf(owner))
    const attachment: Attachment = { ...owner, opened: now, windowStart: now, messages: 0 }
    pair[1].serializeAttachment(attachment)
    if (owner.expires !== null) await this.wakeBy(owner.expires)
    return new Response(null, { status: 101, webSocket: pair[0] })
  }

  /** Whether `owner`'s session is one this channel saw end within REALTIME_LIMITS.endedMemoryMs. */
  private async endedEarlier(owner: SocketOwner, now: number): Promise<boolean> {
    const memory = await this.ctx.storage.get<EndedMemory>(endedKey(owner.user!))
    if (!memory) return false
    if (owner.session && (memory.sessions[owner.session] ?? 0) > now) return true
    return !!memory.all && memory.all.until > now && (memory.all.keep === null || memory.all.keep !== owner.fp)
  }

  /** Remember how `which`'s sessions ended (see EndedMemory), forgetting what is past. */
  private async remember(which: SessionsEnded, now: number) {
    const until = now + REALTIME_LIMITS.endedMemoryMs
    const key = endedKey(which.user)
    const memory = (await this.ctx.storage.get<EndedMemory>(key)) ?? { sessions: {} }
    const sessions = Object.fromEntries(Object.entries(memory.sessions).filter(([, at]) => at > now))
    if (which.session) sessions[which.session] = until
    const all = which.keep
      ? { keep: which.keep.fp, until }
      : memory.all && memory.all.until > now
        ? memory.all
        : undefined
    await this.ctx.storage.put(key, { sessions, ...(all ? { all } : {}) } satisfies EndedMemory)
    await this.wakeBy(until)
  }

  /** Make sure the alarm rings by `at` (the earliest of what waits on it). */
  private async wakeBy(at: number) {
    const alarm = await this.ctx.storage.getAlarm()
    if (alarm === null || alarm > at) await this.ctx.storage.setAlarm(at)
  }

  /**
   * The socket's session ended: it is told at once (SESSION_ENDED_MESSAGE) and sent nothing more.
   * A client that closes sockets itself (`closesItself`, the app's) closes it: a close the client
   * starts is released at once by the runtime, one the channel starts keeps the connection until
   * the object goes idle (docs/decisions/038); if it has not within REALTIME_LIMITS.endedGraceMs,
   * the alarm closes it. Any other socket is closed here, at once. Answers whether the alarm is
   * needed.
   */
  private endSocket(ws: WebSocket, now: number): boolean {
    const a = ws.deserializeAttachment() as Attachment | null
    if (a?.ended) return false
    ws.serializeAttachment({ ...(a ?? { ...ANONYMOUS, opened: now, windowStart: now, messages: 0 }), ended: now })
    try {
      ws.send(SESSION_ENDED_MESSAGE)
    } catch {
      // Already closing: nothing more to tell.
    }
    if (a?.closesItself) return true
    closeQuietly(ws, SOCKET_CLOSE.sessionEnded, 'Session ended')
    return false
  }

  /** No ping answered (nor message received) for REALTIME_LIMITS.quietAfterMs. */
  private isQuiet(ws: WebSocket, now: number) {
    const a = ws.deserializeAttachment() as Attachment | null
    const pinged = this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? 0
    return now - Math.max(pinged, a?.opened ?? 0, a?.windowStart ?? 0) > REALTIME_LIMITS.quietAfterMs
  }

  /**
   * Send a message to the open sockets, or with `role` only to those opened by a session of that
   * role (never an anonymous one); returns how many received it. A broadcast's `audience` also
   * narrows the signed-in sockets to the people in it as D1 has them now, whose chosen language
   * is the message's (not opted out, of the role, taking in-app notices): their settings may have
   * changed since their socket opened (issue 32 §6). A socket whose session has ended (or expired)
   * gets nothing. `message` is the one shape the senders (features/notifications/deliver.ts), this
   * object and the app's client share (SocketMessage, src/shared/contract/notifications.ts).
   */
  async publish(
    message: SocketMessage,
    opts: { role?: number | null; audience?: BroadcastAudience } = {},
  ): Promise<number> {
    const text = JSON.stringify(message)
    const now = Date.now()
    let expired = false
    const sockets = (opts.role != null ? this.ctx.getWebSockets(`r:${opts.role}`) : this.ctx.getWebSockets()).filter(
      (ws) => {
        const a = ws.deserializeAttachment() as Attachment | null
        if (a?.ended) return false
        if (a?.expires != null && a.expires <= now) {
          expired = this.endSocket(ws, now) || expired
          return false
        }
        return true
      },
    )
    if (expired) await this.wakeBy(now + REALTIME_LIMITS.endedGraceMs)
    let allowed: Set<number> | null = null
    if (opts.audience) {
      const people = [
        ...new Set(sockets.flatMap((ws) => (ws.deserializeAttachment() as Attachment | null)?.user ?? [])),
      ]
      try {
        allowed = new Set(await audienceAmong(getDb(this.env.DB), opts.audience.notice, opts.audience.locale, people))
      } catch (err) {
        // Not knowing who may see it, no signed-in socket gets it (each person's unread list has it).
        console.warn(`realtime: the audience could not be read: ${err instanceof Error ? err.message : String(err)}`)
        allowed = new Set()
      }
    }
    let sent = 0
    for (const ws of sockets) {
      const a = ws.deserializeAttachment() as Attachment | null
      if (allowed && a?.user != null && !allowed.has(a.user)) continue
      try {
        ws.send(text)
        sent++
      } catch {
        // A socket that closed between getWebSockets and send is simply skipped.
      }
    }
    return sent
  }

  /**
   * The sockets of one session (logout); of every session but those of the new password
   * (a password change), or all (erasure), both with `keep`; or every socket of the person (a
   * new role) are ended (see endSocket). The sessions that ended are remembered for
   * REALTIME_LIMITS.endedMemoryMs, so a socket one of them opens later is refused (fetch).
   * Answers how many sockets ended.
   */
  async endSessions(which: SessionsEnded): Promise<number> {
    const now = Date.now()
    if (which.session || which.keep) await this.remember(which, now)
    const keep = which.keep
    const sockets = (
      which.session ? this.ctx.getWebSockets(`s:${which.session}`) : this.ctx.getWebSockets(`u:${which.user}`)
    ).filter((ws) => {
      if (!keep?.fp) return true
      return (ws.deserializeAttachment() as Attachment | null)?.fp !== keep.fp
    })
    let waiting = false
    for (const ws of sockets) waiting = this.endSocket(ws, now) || waiting
    if (waiting) await this.wakeBy(now + REALTIME_LIMITS.endedGraceMs)
    return sockets.length
  }

  async connections(): Promise<number> {
    return this.ctx.getWebSockets().length
  }

  /**
   * Sockets whose session expired are ended (see endSocket); sockets ended more than
   * REALTIME_LIMITS.endedGraceMs ago and still open are closed; memories of ended sessions
   * past REALTIME_LIMITS.endedMemoryMs are forgotten. Then wake again for the next.
   */
  async alarm() {
    const now = Date.now()
    let next: number | null = null
    const later = (at: number) => (next = next === null || at < next ? at : next)
    const memories = await this.ctx.storage.list<EndedMemory>({ prefix: 'ended:' })
    const past: string[] = []
    for (const [key, m] of memories) {
      const last = Math.max(m.all?.until ?? 0, ...Object.values(m.sessions))
      if (last <= now) past.push(key)
      else later(last)
    }
    // At most 128 keys a delete (the storage API's limit).
    for (let i = 0; i < past.length; i += 128) await this.ctx.storage.delete(past.slice(i, i + 128))
    for (const ws of this.ctx.getWebSockets()) {
      const a = ws.deserializeAttachment() as Attachment | null
      if (!a) continue
      if (!a.ended && a.expires != null) {
        if (a.expires > now) {
          later(a.expires)
          continue
        }
        if (this.endSocket(ws, now)) later(now + REALTIME_LIMITS.endedGraceMs)
        continue
      }
      if (a.ended) {
        if (a.ended + REALTIME_LIMITS.endedGraceMs <= now) closeQuietly(ws, SOCKET_CLOSE.sessionEnded, 'Session ended')
        else later(a.ended + REALTIME_LIMITS.endedGraceMs)
      }
    }
    if (next !== null) await this.ctx.storage.setAlarm(next)
  }

  /**
   * Clients send nothing but `ping` (answered before this runs). Anything else is counted: too
   * large closes with 1009, too many in a window with 1008, an expired session with 4401.
   */
  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    if (byteLength(message) > REALTIME_LIMITS.maxMessageBytes) return closeQuietly(ws, 1009, 'Message too big')
    const a = (ws.deserializeAttachment() as Attachment | null) ?? {
      ...ANONYMOUS,
      opened: 0,
      windowStart: 0,
      messages: 0,
    }
    const now = Date.now()
    if (a.ended || (a.expires !== null && a.expires <= now))
      return closeQuietly(ws, SOCKET_CLOSE.sessionEnded, 'Session ended')
    if (now - a.windowStart >= REALTIME_LIMITS.windowMs) {
      a.windowStart = now
      a.messages = 0
    }
    a.messages++
    if (a.messages > REALTIME_LIMITS.messagesPerWindow) return closeQuietly(ws, 1008, 'Too many messages')
    ws.serializeAttachment(a)
  }

  async webSocketClose(ws: WebSocket, code: number) {
    // 1005/1006 cannot be sent back: answer a normal close then.
    closeQuietly(ws, code === 1005 || code === 1006 ? 1000 : code, 'closing')
  }
}
