/**
 * The name a device's offline copies go by (issue 32 §4; docs/decisions/039-offline-copies-belong-to-one-session.md):
 * a SHA-256 of the session's opaque viewer id, never the id itself. The service worker names a
 * session's caches, records and queued saves by it (src/client/pwa/viewer.ts); the Worker says it
 * when it hears that the session's person was erased (src/worker/http/viewer.ts), so the device
 * can drop what it keeps under that name without anything on the device ever holding the id.
 */
export async function tagOf(id: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`calma-cache:${id}`))
  return Array.from(new Uint8Array(digest).slice(0, 16), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** A tag as tagOf writes it (32 hex characters). */
export const TAG_RE = /^[0-9a-f]{32}$/
