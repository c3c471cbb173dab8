import { clear, createStore, del, entries, set } from 'idb-keyval'
import { call, contract } from '../api'
import { OUTBOX_FLAG } from './outbox-flag'
import { OUTBOX_DB, OUTBOX_STORE, SAVE_MAX_AGE_MS, dropStaleSaves, type OfflineSave } from './outbox-store'
import { VISITOR, currentTag } from './viewer'

const { saveUnitProgress } = contract(() => import('#shared/contract/playback'))

/**
 * Progress made offline (issue 23 §5): each save that could not reach the server is kept in
 * IndexedDB (idb-keyval) with its person and the moment it happened, and sent when the network
 * returns (the next page load, or the `online` event), in order, each once: a save the server
 * answers, accepted or refused for good, leaves the outbox; a network failure stops and waits.
 * The server dates the completion and the streak's day by `played_at`. Each save names the
 * session it was made in (its tag, never the id), so the device can drop an erased person's saves,
 * and none waits longer than SAVE_MAX_AGE_MS (./outbox-store.ts).
 */
export type { OfflineSave }

let db: ReturnType<typeof createStore> | null = null
const store = () => (db ??= createStore(OUTBOX_DB, OUTBOX_STORE))
let seq = 0

export async function keep(save: Omit<OfflineSave, 'viewer'>) {
  // Keys sort as they were made: the outbox is sent in order.
  const key = `${String(save.played_at).padStart(15, '0')}-${String(seq++).padStart(6, '0')}`
  const tag = await currentTag().catch(() => null)
  await set(key, tag && tag !== VISITOR ? { ...save, viewer: tag } : save, store())
  try {
    localStorage.setItem(OUTBOX_FLAG, '1')
  } catch {
    // the flag only spares a load its lookup
  }
}

let running: Promise<number> | null = null
/** Send what the outbox holds for `user`; another person's saves are dropped, never sent. */
export function flush(user: number): Promise<number> {
  running ??= (async () => {
    let sent = 0
    const all = (await entries<string, OfflineSave>(store())).sort(([a], [b]) => (a < b ? -1 : 1))
    const oldest = Date.now() - SAVE_MAX_AGE_MS
    for (const [key, s] of all) {
      if (s.user !== user || !(s.played_at > oldest)) {
        await del(key, store())
        continue
      }
      const res = await call(saveUnitProgress, {
        input: { unit_id: s.unit_id, position: s.position, completed: s.completed, played_at: s.played_at },
        silent: true,
      })
      if (res.status === 0) return sent
      await del(key, store())
      if (res.success) sent++
    }
    localStorage.removeItem(OUTBOX_FLAG)
    return sent
  })().finally(() => (running = null))
  return running
}

/** A load with nobody signed in: only what is past its age goes (a person's saves wait for them). */
export async function prune() {
  await dropStaleSaves()
  if ((await entries(store())).length === 0) localStorage.removeItem(OUTBOX_FLAG)
}

/** Logout and erasure: nothing of this person stays on the device. */
export async function forget() {
  await clear(store())
  localStorage.removeItem(OUTBOX_FLAG)
}
