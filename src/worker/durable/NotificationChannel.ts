import { DurableObject } from 'cloudflare:workers'
import type { Env } from '#worker/env'

/**
 * One realtime channel: per user (`user:<id>`) or public per locale (`public:es`, `public:en`),
 * SPEC §7 "Realtime". Sockets use the hibernation API so an idle channel costs nothing;
 * `publish` is called over RPC by whoever has something to say.
 */
export class NotificationChannel extends DurableObject<Env> {
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') {
      return new Response('Expected a WebSocket upgrade', { status: 426 })
    }
    const pair = new WebSocketPair()
    this.ctx.acceptWebSocket(pair[1])
    return new Response(null, { status: 101, webSocket: pair[0] })
  }

  /** Send a message to every open socket; returns how many received it. */
  async publish(message: unknown): Promise<number> {
    const text = JSON.stringify(message)
    let sent = 0
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(text)
        sent++
      } catch {
        // A socket that closed between getWebSockets and send is simply skipped.
      }
    }
    return sent
  }

  async connections(): Promise<number> {
    return this.ctx.getWebSockets().length
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    // Clients only ping to keep mobile connections alive.
    if (message === 'ping') ws.send('pong')
  }

  async webSocketClose(ws: WebSocket, code: number) {
    try {
      ws.close(code, 'closing')
    } catch {
      // already closed
    }
  }
}
