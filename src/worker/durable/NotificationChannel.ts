import { DurableObject } from 'cloudflare:workers'
import { REALTIME_LIMITS, SOCKET_CLOSE } from '#shared/limits'
import type { Env } from '#worker/env'

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
  /** The client's address, for anonymous sockets (the per-address cap). */
  address: string | null
}

interface Attachment extends SocketOwner {
  /** When the socket opened (ms). */
  opened: number
  /** Start (ms) of the current rate window and the messages counted in it. */
  windowStart: number
  messages: number
}

export const OWNER_HEADER = 'x-calma-socket'

const ANONYMOUS: SocketOwner = { user: null, role: null, session: null, expires: null, address: null }

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
      address: str(o.address),
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
export class NotificationChannel extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
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
    // Counted and accepted with no await between: two upgrades at once cannot both take the last place.
    let open = this.ctx.getWebSockets(owner.user !== null ? `u:${owner.user}` : `a:${owner.address ?? 'unknown'}`)
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
    if (owner.expires !== null) {
      const alarm = await this.ctx.storage.getAlarm()
      if (alarm === null || alarm > owner.expires) await this.ctx.storage.setAlarm(owner.expires)
    }
    return new Response(null, { status: 101, webSocket: pair[0] })
  }

  /** No ping answered (nor message received) for REALTIME_LIMITS.quietAfterMs. */
  private isQuiet(ws: WebSocket, now: number) {
    const a = ws.deserializeAttachment() as Attachment | null
    const pinged = this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? 0
    return now - Math.max(pinged, a?.opened ?? 0, a?.windowStart ?? 0) > REALTIME_LIMITS.quietAfterMs
  }

  /**
   * Send a message to the open sockets, or with `role` only to those opened by a session of that
   * role (never an anonymous one); returns how many received it. A socket whose session has
   * expired is closed instead.
   */
  async publish(message: unknown, opts: { role?: number | null } = {}): Promise<number> {
    const text = JSON.stringify(message)
    const now = Date.now()
    let sent = 0
    for (const ws of opts.role != null ? this.ctx.getWebSockets(`r:${opts.role}`) : this.ctx.getWebSockets()) {
      const a = ws.deserializeAttachment() as Attachment | null
      if (a?.expires != null && a.expires <= now) {
        closeQuietly(ws, SOCKET_CLOSE.sessionEnded, 'Session ended')
        continue
      }
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
   * Close the sockets of one session (logout), or with no session every socket of the person
   * (password change, erasure, a new role). Answers how many were closed.
   */
  async endSessions(which: { user: number; session?: string | null }): Promise<number> {
    const sockets = which.session
      ? this.ctx.getWebSockets(`s:${which.session}`)
      : this.ctx.getWebSockets(`u:${which.user}`)
    for (const ws of sockets) closeQuietly(ws, SOCKET_CLOSE.sessionEnded, 'Session ended')
    return sockets.length
  }

  async connections(): Promise<number> {
    return this.ctx.getWebSockets().length
  }

  /** Close the sockets whose session has expired, and wake again for the next one to expire. */
  async alarm() {
    const now = Date.now()
    let next: number | null = null
    for (const ws of this.ctx.getWebSockets()) {
      const a = ws.deserializeAttachment() as Attachment | null
      if (a?.expires == null) continue
      if (a.expires <= now) closeQuietly(ws, SOCKET_CLOSE.sessionEnded, 'Session ended')
      else if (next === null || a.expires < next) next = a.expires
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
    if (a.expires !== null && a.expires <= now) return closeQuietly(ws, SOCKET_CLOSE.sessionEnded, 'Session ended')
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
