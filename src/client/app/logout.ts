import { forgetOfflinePages } from '#client/pwa/register.ts'
import { clearLocalSession } from '#client/stores/session.ts'

/**
 * Logout on this device (SPEC §4): the stored keys (stores/session.ts) and the pages, downloads
 * and unsent saves kept for this person (issue 23 §4). Above both the session store and the
 * service worker's modules, so that neither imports the other (issue 33 §4).
 */
export function clearOnLogout(): Promise<void> {
  clearLocalSession()
  return forgetOfflinePages()
}

/**
 * End the session on the server (POST /v1/user/logout with the page's CSRF token). The call's
 * contract is loaded only when someone signs out: the frame is in every page's bundle. Answers
 * false when the call never reached the server (offline): then the session is still open there.
 */
export async function serverLogout(): Promise<boolean> {
  try {
    const [{ call }, { logout }] = await Promise.all([import('../api'), import('#shared/contract/users')])
    return (await call(logout, { silent: true, endsSession: true })).status !== 0
  } catch {
    return false // the call's chunks could not be fetched (offline)
  }
}
