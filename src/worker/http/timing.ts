// Where a request's time goes, for local and test runs (issue 43 §3, decision 079): spans a few
// places measure (the session's KV reads, the page's loader, the render) go out as a
// Server-Timing header beside `x-d1-ms` (http/context.ts), which the D1 at a distance bench and
// a browser's network panel read. Kept per request in a WeakMap on the Request itself, so nothing
// outlives it; a deployed Worker records nothing (`on` is false there).
import type { Context } from 'hono'
import { isLocalEnv, type AppEnv } from '#worker/env'

const spans = new WeakMap<Request, [string, number][]>()

/** Start recording this request's spans (local and test runs only). */
export function startTiming(c: Context<AppEnv>) {
  if (isLocalEnv(c.env)) spans.set(c.req.raw, [])
}

/** `work`, its wall time recorded as span `name` when this request is timed. */
export async function timed<T>(c: Context<AppEnv>, name: string, work: () => Promise<T>): Promise<T> {
  const list = spans.get(c.req.raw)
  if (!list) return work()
  const t = performance.now()
  try {
    return await work()
  } finally {
    list.push([name, performance.now() - t])
  }
}

/** The Server-Timing value of this request's spans and `extra` ones, or null when not timed. */
export function serverTiming(c: Context<AppEnv>, extra: [string, number][]): string | null {
  const list = spans.get(c.req.raw)
  if (!list) return null
  return [...list, ...extra].map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`).join(', ')
}
