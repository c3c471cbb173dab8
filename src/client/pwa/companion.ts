/**
 * The companion cookie the Worker keeps beside the session cookie (worker/http/viewer.ts;
 * docs/decisions/039-offline-copies-belong-to-one-session.md): `<id>.<exp>` of the device's
 * session, not HttpOnly. In the page's entry (tiny, no imports): the logout made offline reads
 * and clears it (./register.ts), the service worker and the downloads read it through ./viewer.ts.
 */
export const VIEWER_COOKIE = '__Host-calma_viewer'

/** Its value as the page's cookie jar has it; undefined outside a page or when absent. */
export function companionValue(): string | undefined {
  const doc = (globalThis as { document?: { cookie: string } }).document
  return doc?.cookie
    .split('; ')
    .find((c) => c.startsWith(`${VIEWER_COOKIE}=`))
    ?.slice(VIEWER_COOKIE.length + 1)
}

/** Clear it from the page (a logout made offline: the server cannot say it yet). */
export function clearCompanion() {
  const doc = (globalThis as { document?: { cookie: string } }).document
  if (doc) doc.cookie = `${VIEWER_COOKIE}=; Max-Age=0; Path=/; Secure; SameSite=Lax`
}
