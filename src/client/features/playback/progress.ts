// Saving the listening position (POST /v1/unit/progress) while a unit plays.
import type { CallOutput } from '#shared/contract/call'
import { apiHeaders, call, contract, type Def } from '#client/api.ts'
import { isOffline, keepOfflineSave } from '#client/pwa/register.ts'
import { $user } from '#client/stores/session.ts'

const { saveUnitProgress } = contract(() => import('#shared/contract/playback'))

export type SavedProgress = CallOutput<Def<typeof saveUnitProgress>>

/** A save the page waits for: the answer updates the list (a completion unlocks the next unit). */
export async function saveProgress(
  unitId: number,
  position: number,
  completed: boolean,
): Promise<SavedProgress | null> {
  const at = Date.now()
  position = Math.max(0, Math.floor(position))
  if (isOffline()) return keepForLater(unitId, position, completed, at)
  const res = await call(saveUnitProgress, { input: { unit_id: unitId, position, completed }, silent: true })
  if (res.status === 0) return keepForLater(unitId, position, completed, at)
  return res.success ? res : null
}

/** No network (issue 23 §5): the save waits in IndexedDB with its moment, and goes out later. */
function keepForLater(unitId: number, position: number, completed: boolean, at: number): null {
  const user = $user.get()
  if (user) void keepOfflineSave({ user: user.id, unit_id: unitId, position, completed, played_at: at }).catch(() => {})
  return null
}

/**
 * A save that must outlive the page (pagehide, the tab going to the background): `fetch` with
 * `keepalive`, which, unlike sendBeacon, can send the page's CSRF header the cookie session needs.
 */
export function saveProgressOnLeave(unitId: number, position: number, completed: boolean) {
  const at = Date.now()
  if (isOffline()) return void keepForLater(unitId, Math.max(0, Math.floor(position)), completed, at)
  try {
    const body = new FormData()
    body.append('unit_id', String(unitId))
    body.append('position', String(Math.max(0, Math.floor(position))))
    body.append('completed', completed ? '1' : '0')
    void fetch('/v1/unit/progress', {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'same-origin',
      headers: apiHeaders(),
    }).catch((err) => console.warn('[player] could not save the position on leaving:', err))
  } catch (err) {
    console.warn('[player] could not save the position on leaving:', err)
  }
}
