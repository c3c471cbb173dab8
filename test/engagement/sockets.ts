// Realtime sockets through the Worker's /ws routes, as a browser on this site opens them
// (test/engagement/realtime*.test.ts).
import { exports } from 'cloudflare:workers'
import { expect } from 'vitest'
import { bearer } from '../users/support'

export const fetchWorker = (path: string, init?: RequestInit) =>
  (exports as unknown as { default: Fetcher }).default.fetch(`http://localhost${path}`, init)

let addresses = 0
/** A fresh client address, so anonymous sockets of one test never count against another's cap. */
export const freshAddress = () => `198.51.100.${++addresses}`

export interface Socket {
  ws: WebSocket
  received: string[]
  /** The close code once closed, else null. */
  closed: () => number | null
  /** Resolves with the close code. */
  whenClosed: () => Promise<number>
  /** Resolves once `n` messages have arrived. */
  nth: (n: number) => Promise<string>
}

/**
 * Keep what a socket receives. `closeWhenEnded` (the default) does what the app's client does
 * when the channel says its session ended: it closes the socket itself (4401).
 */
export function track(ws: WebSocket, { closeWhenEnded = true } = {}): Socket {
  ws.accept()
  const received: string[] = []
  let code: number | null = null
  const waiters: (() => void)[] = []
  const wake = () => waiters.splice(0).forEach((w) => w())
  ws.addEventListener('message', (e) => {
    received.push(String(e.data))
    if (closeWhenEnded && String(e.data) === SESSION_ENDED) ws.close(4401, 'Session ended')
    wake()
  })
  ws.addEventListener('close', (e) => {
    code = e.code
    wake()
  })
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise<void>((resolve) => waiters.push(resolve))
  }
  return {
    ws,
    received,
    closed: () => code,
    whenClosed: async () => {
      await until(() => code !== null)
      return code!
    },
    nth: async (n) => {
      await until(() => received.length >= n || code !== null)
      if (received.length < n) throw new Error(`closed (${code}) after ${received.length} messages`)
      return received[n - 1]!
    },
  }
}

/** What a channel sends a socket whose session ended, before it closes (docs/API.md). */
export const SESSION_ENDED = '{"type":"session_ended"}'

/** Open /ws/… as a browser on this site would: with the session's token, or anonymously from `address`. */
export async function open(path: string, who: { token?: string; address?: string } = {}) {
  return fetchWorker(path, {
    headers: {
      Upgrade: 'websocket',
      Origin: 'http://localhost',
      'cf-connecting-ip': who.address ?? freshAddress(),
      ...(who.token ? bearer(who.token) : {}),
    },
  })
}

/**
 * An open socket. By default as the app's client opens it: saying it closes the socket itself
 * when told its session ended (`?closes=1`), and doing so. `closes: false` opens it as any other
 * client (the channel closes it); `obey: false` says so but never does.
 */
export async function socket(
  path: string,
  who: { token?: string; address?: string } = {},
  { closes = true, obey = closes }: { closes?: boolean; obey?: boolean } = {},
) {
  const res = await open(closes ? `${path}?closes=1` : path, who)
  expect(res.status, `${path} upgrade`).toBe(101)
  return track(res.webSocket!, { closeWhenEnded: obey })
}
