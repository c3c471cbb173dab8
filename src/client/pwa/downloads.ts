import { set } from 'idb-keyval'
import type { UnitStateDto } from '#shared/contract/playback'
import { askWorker } from './ask-worker'
import { downloadRecords as store, downloadsCache } from './viewer'
import { mySession, recordKey, type Download } from './downloads-kept'

export * from './downloads-kept'

/**
 * Downloaded units (issue 23 §4; docs/decisions/023-offline-and-install.md). The audio goes in
 * the `calma-downloads` cache under `/media/<key>` (its hourly signature dropped), as the full
 * file (200); the service worker answers the player from there, with 206 slices for Range
 * (src/sw/sw.ts). What was downloaded, by whom, is recorded in IndexedDB (`calma-downloads`,
 * idb-keyval): the route page's player is fed from it when `GET /v1/route/units` (personal,
 * never cached) cannot be fetched. Loaded only on the route page and the profile, on demand.
 *
 * Both belong to the session that downloaded them (issue 32 §4, ./viewer.ts): the files in that
 * viewer's cache (`calma-downloads-<tag>`), each record marked with its viewer; listed, played and
 * served only while that session is the device's, and deleted when it is not.
 */
export interface RouteRef {
  id: number
  slug: string
  title: string
  /** Its page in the person's language (the Downloads screen links there). */
  path?: string
  /** Its cover: the lock screen's artwork when a download plays (issue 42 §10). */
  cover?: string | null
}

/** The media's path without the signature: the same file for every hour's URL. */
export const mediaKey = (url: string) => new URL(url, location.href).pathname

/** The storage is full (or the browser refused the space): explained kindly by the page. */
export class QuotaError extends Error {
  constructor() {
    super('quota')
    this.name = 'QuotaError'
  }
}
/**
 * This browser's service worker cannot keep a person's copies (it cannot read the cookie jar:
 * Firefox before 140, Safari before 18.4, some in-app browsers; or there is no worker at all):
 * a download would never play offline, so none is made and the page says why (decision 039).
 */
export class UnsupportedError extends Error {
  constructor() {
    super('offline copies are not kept in this browser')
    this.name = 'UnsupportedError'
  }
}

/**
 * Whether the service worker can keep this person's downloads: it is asked (src/sw/sw.ts). An
 * older worker that does not answer is judged by the page's own Cookie Store API (the same
 * browser's).
 */
export async function canKeepOffline(): Promise<boolean> {
  if (!('serviceWorker' in navigator) || !('caches' in globalThis)) return false
  const answer = await askWorker<{ personal?: boolean }>({ type: 'CAN_KEEP' })
  if (answer) return answer.personal === true
  return (
    !!(await navigator.serviceWorker.getRegistration().catch(() => undefined))?.active &&
    !!(globalThis as { cookieStore?: unknown }).cookieStore
  )
}

const isQuota = (err: unknown) => err instanceof DOMException && (err.name === 'QuotaExceededError' || err.code === 22)

export interface Progress {
  done: number
  total: number
  bytes: number
  /** Bytes of the file being fetched: the sum of the lengths the server announced. */
  totalBytes: number
}

/**
 * Download `units` of `route` one after another, reporting bytes and units done. The whole
 * file is fetched (no Range: a 200) and kept under its unsigned key; the record follows.
 */
export async function downloadUnits(
  user: number,
  route: RouteRef,
  units: (UnitStateDto & { media: NonNullable<UnitStateDto['media']> })[],
  onProgress: (p: Progress) => void,
  /** Pages the service worker keeps with the download: the route page, the Downloads screen. */
  keep: string[] = [],
): Promise<void> {
  // Nothing is downloaded that could not play offline (decision 039).
  if (!(await canKeepOffline())) throw new UnsupportedError()
  // No session of this device to keep them for (it ended meanwhile): nothing is downloaded.
  const viewer = await mySession()
  if (!viewer) throw new Error('no session on this device')
  const cache = await caches.open(downloadsCache(viewer))
  const p: Progress = { done: 0, total: units.length, bytes: 0, totalBytes: 0 }
  onProgress({ ...p })
  for (const unit of units) {
    const key = mediaKey(unit.media.url)
    const res = await fetch(unit.media.url, { credentials: 'same-origin', cache: 'no-store' })
    if (res.status !== 200 || !res.body) throw new Error(`HTTP ${res.status}`)
    const length = Number(res.headers.get('content-length') ?? 0)
    p.totalBytes += length
    const reader = res.body.getReader()
    const chunks: Uint8Array[] = []
    let size = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      size += value.byteLength
      p.bytes += value.byteLength
      onProgress({ ...p })
    }
    const type = res.headers.get('content-type') ?? unit.media.content_type
    const body = new Blob(chunks as BlobPart[], { type })
    try {
      await cache.put(
        new Request(new URL(key, location.href).href),
        new Response(body, {
          status: 200,
          headers: { 'content-type': type, 'content-length': String(size), 'accept-ranges': 'bytes' },
        }),
      )
      const d: Download = {
        viewer,
        user,
        route_id: route.id,
        route_slug: route.slug,
        route_title: route.title,
        // Offline there is no signed URL and no transcript to fetch: the kept file only.
        unit: { ...unit, lock: null, media: { ...unit.media, url: key, transcripts: [] } },
        media_key: key,
        ...(route.path ? { page: route.path } : {}),
        ...(route.cover ? { route_cover: route.cover } : {}),
        size,
        downloaded_at: Date.now(),
      }
      await set(recordKey(viewer, user, unit.id), d, store())
    } catch (err) {
      if (isQuota(err)) throw new QuotaError()
      throw err
    }
    p.done++
    onProgress({ ...p })
  }
  // The route page and the Downloads screen open offline from now on, whatever the visit
  // (issue 34 §2: one downloaded on the device's first visit was never kept).
  if (keep.length) await askWorker({ type: 'KEEP_PAGES', paths: keep }, 10_000)
}
