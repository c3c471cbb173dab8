/// <reference lib="webworker" />
/**
 * The names the service worker's parts share: its caches, the headers the Worker answers with,
 * and which paths it keeps, never touches, or holds as the shell. One place, so that the page
 * handling that writes a copy and the install and activate that clear old ones agree.
 */

/** A hash of this build's precache list (scripts/build-sw.mjs). */
declare const SW_VERSION: string

export const SHELL_CACHE = `calma-shell-${SW_VERSION}`
export const ASSETS_CACHE = 'calma-assets'
// Pages a viewer visited: `calma-pages-<tag>` (client/pwa/viewer.ts), `calma-pages-v` for visitors.
// Units a person downloaded (issue 23 §4; src/client/pwa/downloads.ts): `calma-downloads-<tag>`,
// by `/media/<key>` without its signature.
export const VIEWER_HEADER = 'x-calma-viewer'
/** The person of the session whose companion this answer clears was erased: that session's tag (worker/http/viewer.ts). */
export const ERASED_HEADER = 'x-calma-erased'
export const SHELL = ['/help', '/en/help', '/offline', '/en/offline']
/**
 * The pages kept once visited (issue 23 §6): home, the journey, plans, routes and articles; the
 * person's Home (`/performance`, issue 42 §2: the bottom navigation's first tab).
 */
export const KEPT =
  /^(?:\/en)?\/(?:|performance|journey|plan\/[^/]+|routes|route\/[^/]+|blog|post\/[^/]+|profile|downloads)$/
/** Never answered by the worker: the network only, as if it were not there. */
export const NEVER = /^\/(?:v1|media|ws|auth|hooks|__dev|logout|en\/logout)(?:\/|$)/

/** Kept pages by path and query, never by fragment. */
export const pageKey = (url: URL) => `${url.pathname}${url.search}`
