/**
 * Where progress made offline waits (issue 23 §5; ./outbox.ts sends it), and the two ways a
 * save goes without being sent (issue 32 §4; docs/decisions/039-offline-copies-belong-to-one-session.md,
 * "An erased person"). Shared by the page and the service worker (src/sw/sw.ts): it reaches the
 * globals through `globalThis` and never creates the database (the page's idb-keyval store adds
 * its object store only when it creates it, so a database made here first would fail every save).
 *
 * - **The person was erased**: the answer that clears an erased person's companion names the tag
 *   of the session this device held (x-calma-erased, worker/http/viewer.ts): every save made under
 *   that tag goes, and every other save of the same person.
 * - **Age**: a save older than SAVE_MAX_AGE_MS goes, whoever's. A person whose session merely
 *   ended gets their saves sent when they sign in here again within that time (decision 023 §5);
 *   the age bounds what the device keeps of someone whose erasure it never heard of (the session
 *   ended before the erasure, or its first answer afterwards was one nobody reads, a beacon).
 */
export interface OfflineSave {
  user: number
  unit_id: number
  position: number
  completed: boolean
  played_at: number
  /** The tag (client/pwa/viewer.ts) of the session the save was made in; absent for saves made before issue 32. */
  viewer?: string
}

export const OUTBOX_DB = 'calma-outbox'
export const OUTBOX_STORE = 'progress'
/** The longest a save waits: as long as the longest session ('keep me connected', 30 days). */
export const SAVE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000

/** The outbox's database if the page ever made it, else null (nothing is created here). */
function existing(): Promise<IDBDatabase | null> {
  const idb = (globalThis as { indexedDB?: IDBFactory }).indexedDB
  if (!idb) return Promise.resolve(null)
  return new Promise((resolve) => {
    let req: IDBOpenDBRequest
    try {
      req = idb.open(OUTBOX_DB)
    } catch {
      return resolve(null)
    }
    req.onupgradeneeded = () => req.transaction?.abort()
    req.onerror = () => resolve(null)
    req.onblocked = () => resolve(null)
    req.onsuccess = () => {
      const db = req.result
      if (db.objectStoreNames.contains(OUTBOX_STORE)) return resolve(db)
      db.close()
      resolve(null)
    }
  })
}

/** Delete the saves `drop` picks from everything waiting; answers how many went. */
async function dropWhere(drop: (all: OfflineSave[]) => (s: OfflineSave) => boolean): Promise<number> {
  const db = await existing()
  if (!db) return 0
  try {
    return await new Promise<number>((resolve, reject) => {
      const tx = db.transaction(OUTBOX_STORE, 'readwrite')
      const store = tx.objectStore(OUTBOX_STORE)
      let gone = 0
      const keys = store.getAllKeys()
      const values = store.getAll()
      values.onsuccess = () => {
        const all = values.result as OfflineSave[]
        const pick = drop(all)
        all.forEach((s, i) => {
          if (!pick(s)) return
          store.delete(keys.result[i]!)
          gone++
        })
      }
      tx.oncomplete = () => resolve(gone)
      tx.onerror = () => reject(tx.error)
      tx.onabort = () => reject(tx.error)
    })
  } finally {
    db.close()
  }
}

/** The person of the session `tag` was erased: their saves go, from that session and any other. */
export function dropErasedSaves(tag: string): Promise<number> {
  return dropWhere((all) => {
    const people = new Set(all.filter((s) => s.viewer === tag).map((s) => s.user))
    return (s) => s.viewer === tag || people.has(s.user)
  }).catch(() => 0)
}

/** Saves past their age go, whoever's. */
export function dropStaleSaves(now = Date.now()): Promise<number> {
  return dropWhere(() => (s) => !(s.played_at > now - SAVE_MAX_AGE_MS)).catch(() => 0)
}
