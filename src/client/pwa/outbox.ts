import { clear, createStore, del, entries, set } from 'idb-keyval'
import { call, contract } from '../api'
import { OUTBOX_FLAG } from './register'

const { saveUnitProgress } = contract(() => import('#shared/contract/playback'))

/**
 * Progress made offline (issue 23 §5): each save that could not reach the server is kept in
 * IndexedDB (idb-keyval) with its person and the moment it happened, and sent when the network
 * returns (the next page load, or the `online` event), in order, each once: a save the server
 * answers, accepted or refused for good, leaves the outbox; a network failure stops and waits.
 * The server dates the completion and the streak's day by `played_at`.
 */
export interface OfflineSave {
  user: number
  unit_id: number
  position: number
  completed: boolean
  played_at: number
}

let db: ReturnType<typeof createStore> | null = null
const store = () => (db ??= createStore('calma-outbox', 'progress'))
let seq = 0

export async function keep(save: OfflineSave) {
  // Keys sort as they were made: the outbox is sent in order.
  const key = `${String(save.played_at).padStart(15, '0')}-${String(seq++).padStart(6, '0')}`
  await set(key, save, store())
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
    for (const [key, s] of all) {
      if (s.user !== user) {
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

/** Logout and erasure: nothing of this person stays on the device. */
export async function forget() {
  await clear(store())
  localStorage.removeItem(OUTBOX_FLAG)
}
