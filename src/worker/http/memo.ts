/**
 * A tiny per-isolate cache for public data that is the same for every visitor (the footer's
 * post lists, the landing carousel). Content edits show within `ttlMs`; nothing personal may
 * go through here. Only resolved values are kept, never a load in flight: Workers cancel the
 * I/O of a request that has ended, so a shared promise would fail every request waiting on it.
 * Concurrent misses therefore each load; a failed load is not kept.
 */
const store = new Map<string, { until: number; value: unknown }>()

export async function memo<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const hit = store.get(key)
  if (hit && hit.until > Date.now()) return hit.value as T
  const value = await load()
  store.set(key, { until: Date.now() + ttlMs, value })
  return value
}

/** Forget one key, or everything (tests that change content between requests). */
export function clearMemo(key?: string) {
  if (key === undefined) store.clear()
  else store.delete(key)
}
