import { endSessionLater, forgetOfflinePages } from '#client/pwa/register.ts'
import { $user, clearLocalSession } from '#client/stores/session.ts'

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

/**
 * The frame's 'Sign out' (app/Frame.tsx, which loads this module when it is pressed): true once
 * the session is over on this device (the page then leaves), false when it could not be ended
 * (offline with no service worker to take it over): the person stays signed in and is told why.
 */
export async function signOut(locale: string): Promise<boolean> {
  // Signed out from here on: the notification socket, closed by the server as the session ends,
  // must not ask for the unread list (a 401) while the call below is still answering.
  const was = $user.get()
  $user.set(null)
  // This device's reminders stop while the session can still say so (DELETE /v1/push/subscription).
  if (typeof Notification !== 'undefined' && Notification.permission === 'granted')
    await import('../pwa/push').then((m) => m.dropOnLogout()).catch(() => {})
  // Offline, the call cannot end the session: the service worker takes it over, ends it on this
  // device now and on the server before anything else goes out (decision 039).
  if (!(await serverLogout()) && !(await endSessionLater(locale))) {
    $user.set(was)
    return false
  }
  await clearOnLogout()
  return true
}
