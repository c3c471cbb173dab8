import { clear, del, entries } from 'idb-keyval'
import type { UnitStateDto } from '#shared/contract/playback'
import { VISITOR, currentTag, downloadRecords as store, downloadsCache } from './viewer'

/**
 * What this device keeps of the downloads (issue 23 §4, ./downloads.ts makes them): the list of a
 * person's downloads, removing them, their sizes. Its own module so the Downloads screen and the
 * profile read the list without the download flow (decision 071); ./downloads.ts re-exports it.
 */
export interface Download {
  /** The viewer (session) that downloaded it: the tag of ./viewer.ts. */
  viewer: string
  user: number
  route_id: number
  route_slug: string
  route_title: string
  /** The unit as the player needs it; its media URL is the unsigned `/media/<key>`. */
  unit: UnitStateDto & { media: NonNullable<UnitStateDto['media']> }
  /** `/media/<key>`: the cache's key. */
  media_key: string
  /** The route page it was downloaded on (its language's path): the Downloads screen links there. */
  page?: string
  /** The route's cover (served URL), when it had one. */
  route_cover?: string | null
  size: number
  downloaded_at: number
}

export const recordKey = (viewer: string, user: number, unitId: number) => `${viewer}:${user}:${unitId}`

/** The session this page's downloads belong to: the device's current one, if a person's. */
export async function mySession(): Promise<string | null> {
  const tag = await currentTag()
  return tag && tag !== VISITOR ? tag : null
}
/** This person's downloads of the device's current session (none when it is not theirs). */
export async function listDownloads(user: number): Promise<Download[]> {
  try {
    const viewer = await mySession()
    if (!viewer) return []
    const all = await entries<string, Download>(store())
    return all
      .map(([, d]) => d)
      .filter((d) => d.user === user && d.viewer === viewer)
      .sort((a, b) => a.route_title.localeCompare(b.route_title) || a.unit.order - b.unit.order)
  } catch {
    return []
  }
}

/** Every download of the device's current session (the offline page: no person on its page). */
export async function listSessionDownloads(): Promise<Download[]> {
  try {
    const viewer = await mySession()
    if (!viewer) return []
    const all = await entries<string, Download>(store())
    return all.map(([, d]) => d).filter((d) => d.viewer === viewer)
  } catch {
    return []
  }
}

/** Remove one downloaded unit: its file (unless another record still uses it) and its record. */
export async function removeDownload(user: number, unitId: number) {
  const viewer = await mySession()
  if (!viewer) return
  const key = recordKey(viewer, user, unitId)
  const all = await entries<string, Download>(store())
  const mine = all.find(([k]) => k === key)?.[1]
  await del(key, store())
  if (mine && !all.some(([k, d]) => k !== key && d.viewer === viewer && d.media_key === mine.media_key)) {
    await caches
      .open(downloadsCache(viewer))
      .then((c) => c.delete(new URL(mine.media_key, location.href).href))
      .catch(() => false)
  }
}

/** Everything downloaded on this device, whoever's: "remove all", logout and account erasure. */
export async function forgetDownloads() {
  const names = typeof caches === 'undefined' ? [] : await caches.keys().catch(() => [])
  await Promise.all([
    clear(store()).catch(() => {}),
    ...names.filter((n) => n.startsWith('calma-downloads')).map((n) => caches.delete(n)),
  ])
}

/** "1.4 MB": sizes in the person's language. */
export function formatSize(bytes: number, locale: string) {
  const mb = bytes / (1024 * 1024)
  if (mb >= 1) return `${mb.toLocaleString(locale, { maximumFractionDigits: 1 })} MB`
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString(locale)} KB`
}
