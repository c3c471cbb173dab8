/**
 * A tiny per-isolate cache for public data that is the same for every visitor (the footer's
 * post lists, the landing carousel). Content edits show within `ttlMs`; nothing personal may
 * go through here. Concurrent misses share one load.
 */
const store = new Map<string, { until: number; value: Promise<unknown> }>()

export function memo<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const now = Date.now()
  const hit = store.get(key)
  if (hit && hit.until > now) return hit.value as Promise<T>
  const value = load()
  store.set(key, { until: now + ttlMs, value })
  // A failed load is not kept: the next request tries again.
  value.catch(() => store.delete(key))
  return value
}

/** Forget everything (tests that change content between requests). */
export function clearMemo() {
  store.clear()
}
