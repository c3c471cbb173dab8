// Workers KV as it behaves across Cloudflare's locations, over the real KV binding of the test
// runtime (never a mock: every value lives in the real namespace).
//
// Cloudflare's documented contract (developers.cloudflare.com/kv/concepts/how-kv-works/ and
// /kv/api/read-key-value-pairs/ `cacheTtl`, default and minimum 60 s):
// - a read at a location is served from that location's cache once it has been read there,
//   until its cache time (60 s) passes, whatever was written elsewhere meanwhile; a key read
//   while absent is cached as absent the same way (a "negative" read);
// - a write or a delete is visible at once at the location that made it, and elsewhere once the
//   other locations' cached copies time out ("up to 60 seconds or more");
// - listing keys is eventually consistent too: a location answers a list it made recently.
// Concurrent writes to one key: the last to reach the central store wins (the real binding here).
//
// `StaleKV` stands for every location at once: `at(name)` is one location's view. The clock is
// the test's (`advance(ms)`), not the wall's, so a test moves past the 60 s without waiting.
// Installed as `env.KV` (`useStaleKV`), the Worker picks the view of each request from its
// `x-test-location` header (http/context.ts asks the binding `forRequest`); work outside a
// request (cron, Durable Objects, test helpers) reads and writes at the "home" location.

export const KV_CACHE_MS = 60_000
export const LOCATION_HEADER = 'x-test-location'

interface Cached {
  value: string | null
  until: number
}

type GetType = 'text' | 'json' | { type?: 'text' | 'json'; cacheTtl?: number }

export class StaleKV {
  /** The test's clock (ms); only `advance` moves it. */
  now = 0
  private readonly caches = new Map<string, Map<string, Cached>>()
  private readonly lists = new Map<
    string,
    Map<string, { result: KVNamespaceListResult<unknown, string>; until: number }>
  >()
  /** Reads each location served from its cache while a newer value had been written (what a test saw stale). */
  readonly staleReads = new Map<string, number>()
  /** The last value written to each key through any location (null: deleted). */
  private readonly latest = new Map<string, string | null>()

  constructor(readonly real: KVNamespace) {}

  advance(ms: number) {
    this.now += ms
  }

  /** The view of the location a request names (the Worker calls this once per request). */
  forRequest(request: Request): KVNamespace {
    return this.at(request.headers.get(LOCATION_HEADER) ?? 'home')
  }

  at(location: string): KVNamespace {
    const cache = this.cacheOf(location)
    const lists = this.listsOf(location)
    const kv = {
      get: async (key: string, type?: GetType) => {
        const as = typeof type === 'object' ? (type.type ?? 'text') : (type ?? 'text')
        let hit = cache.get(key)
        if (!hit || hit.until <= this.now) {
          hit = { value: await this.real.get(key), until: this.now + KV_CACHE_MS }
          cache.set(key, hit)
        } else if (this.latest.has(key) && this.latest.get(key) !== hit.value) {
          this.staleReads.set(location, (this.staleReads.get(location) ?? 0) + 1)
        }
        if (hit.value === null) return null
        return as === 'json' ? JSON.parse(hit.value) : hit.value
      },
      put: async (key: string, value: string, opts?: KVNamespacePutOptions) => {
        await this.real.put(key, value, opts)
        this.latest.set(key, value)
        cache.set(key, { value, until: this.now + KV_CACHE_MS })
      },
      delete: async (key: string) => {
        await this.real.delete(key)
        this.latest.set(key, null)
        cache.set(key, { value: null, until: this.now + KV_CACHE_MS })
      },
      list: async (opts: KVNamespaceListOptions = {}) => {
        const k = JSON.stringify([opts.prefix ?? '', opts.cursor ?? '', opts.limit ?? 1000])
        const hit = lists.get(k)
        if (hit && hit.until > this.now) return hit.result
        const result = await this.real.list(opts)
        lists.set(k, { result, until: this.now + KV_CACHE_MS })
        return result
      },
      getWithMetadata: () => {
        throw new Error('StaleKV: getWithMetadata is not used by the app')
      },
    }
    return kv as unknown as KVNamespace
  }

  // The "home" location, for work outside a request (and so `env.KV` itself works as a binding).
  get = (key: string, type?: GetType) =>
    (this.at('home').get as (k: string, t?: GetType) => Promise<unknown>)(key, type)
  put = (key: string, value: string, opts?: KVNamespacePutOptions) => this.at('home').put(key, value, opts)
  delete = (key: string) => this.at('home').delete(key)
  list = (opts?: KVNamespaceListOptions) => this.at('home').list(opts)

  private cacheOf(location: string) {
    let c = this.caches.get(location)
    if (!c) this.caches.set(location, (c = new Map()))
    return c
  }

  private listsOf(location: string) {
    let c = this.lists.get(location)
    if (!c) this.lists.set(location, (c = new Map()))
    return c
  }
}

/** `env.KV` is a StaleKV for the tests of this block (and the real binding again after). */
export function useStaleKV(env: { KV: KVNamespace }): StaleKV {
  const stale = new StaleKV(env.KV)
  ;(env as { KV: unknown }).KV = stale
  return stale
}

/** Put the real binding back (afterAll of a block that called useStaleKV). */
export function dropStaleKV(env: { KV: KVNamespace }) {
  const kv = env.KV as unknown
  if (kv instanceof StaleKV) (env as { KV: unknown }).KV = kv.real
}
