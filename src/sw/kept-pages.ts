/**
 * Where the service worker (src/sw/sw.ts) keeps a visited page and finds it again offline, in one
 * viewer's `calma-pages-<tag>` cache (decision 039: never another viewer's).
 */

/** Kept pages by path and query, never by fragment. */
export const pageKey = (url: URL) => `${url.pathname}${url.search}`

/**
 * The kept copy for this address: its own, else the copy without `plan_id`, which is only the
 * plan's hint to the route page: /route/<slug>?plan_id=<id> (the plan's and the journey's links)
 * is the page a download keeps at /route/<slug> (issue 34 §2).
 */
export async function keptPage(url: URL, cacheName: string): Promise<Response | undefined> {
  const match = (key: string) => caches.match(key, { cacheName }).catch(() => undefined)
  const own = await match(pageKey(url))
  if (own || !url.searchParams.has('plan_id')) return own
  const bare = new URL(url)
  bare.searchParams.delete('plan_id')
  return match(pageKey(bare))
}
