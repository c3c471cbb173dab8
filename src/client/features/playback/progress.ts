// Saving the listening position (POST /v1/unit/progress) while a unit plays.
import type { CallOutput } from '#shared/contract/call'
import { saveUnitProgress } from '#shared/contract/playback'
import { call } from '#client/api.ts'

export type SavedProgress = CallOutput<typeof saveUnitProgress>

/** A save the page waits for: the answer updates the list (a completion unlocks the next unit). */
export async function saveProgress(unitId: number, position: number, completed: boolean): Promise<SavedProgress | null> {
  const res = await call(saveUnitProgress, { input: { unit_id: unitId, position: Math.max(0, Math.floor(position)), completed }, silent: true })
  return res.success ? res : null
}

/**
 * A save that must outlive the page (pagehide, the tab going to the background): `fetch` with
 * `keepalive`, which, unlike sendBeacon, can send the page's CSRF header the cookie session needs.
 */
export function saveProgressOnLeave(unitId: number, position: number, completed: boolean) {
  try {
    const body = new FormData()
    body.append('unit_id', String(unitId))
    body.append('position', String(Math.max(0, Math.floor(position))))
    body.append('completed', completed ? '1' : '0')
    const csrf = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? ''
    void fetch('/v1/unit/progress', {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'X-CSRF-Token': csrf, locale: document.documentElement.lang || 'es' },
    }).catch((err) => console.warn('[player] could not save the position on leaving:', err))
  } catch (err) {
    console.warn('[player] could not save the position on leaving:', err)
  }
}
