// The one guard for "go back to where you were" targets (SPEC §2 `redirect` / `redirect_to`):
// the Worker's Google/Apple sign-in (features/users/auth.routes.ts) and the login page
// (client/features/users/Login.tsx) both use it, so they can never disagree.

/** Any origin of ours would do: only "did it stay on this origin" is asked of it. */
const BASE = 'https://app.invalid'
/** Percent-decoding rounds tried: a target encoded more often than this is refused. */
const MAX_DECODES = 3
const MAX_LENGTH = 2048

/**
 * Characters a browser drops or reads as a separator, so `/<tab>/host` or `/\host` becomes
 * `//host`: backslash, ASCII controls and space, DEL and C1 controls, and Unicode spaces,
 * zero-width and direction marks, line and paragraph separators, the BOM.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\\\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/

/** A path of this site: one leading '/', never '//' (another host), nothing unsafe. */
const isSitePath = (s: string) => s.startsWith('/') && !s.startsWith('//') && !UNSAFE.test(s)

/**
 * `target` when it is a path of this site, else `fallback`. Refused: anything not starting with
 * exactly one '/' ('//host', '/\host', 'https://…', 'javascript:…', relative paths), any
 * backslash, control character or whitespace anywhere (browsers strip tab and newline, so
 * '/\t/host' is '//host'), and a target whose path (before '?' or '#') percent-decodes, once or
 * up to three times, into one of those ('/%09/host', '/%5Chost', '/%2F%2Fhost') or does not
 * decode at all. The query keeps its escapes ('/routes?keyword=a%20b' is fine). Last, the
 * target must resolve to this origin.
 */
export function safeRedirect(target: unknown, fallback: string): string {
  if (typeof target !== 'string' || !target || target.length > MAX_LENGTH) return fallback
  if (!isSitePath(target)) return fallback
  let path = target.split(/[?#]/, 1)[0]!
  for (let i = 0; i < MAX_DECODES; i++) {
    let decoded: string
    try {
      decoded = decodeURIComponent(path)
    } catch {
      return fallback
    }
    if (decoded === path) break
    if (!isSitePath(decoded)) return fallback
    path = decoded
  }
  if (path.includes('%')) {
    // Still encoded after MAX_DECODES rounds: only a hostile target nests escapes this deep.
    try {
      if (decodeURIComponent(path) !== path) return fallback
    } catch {
      return fallback
    }
  }
  try {
    if (new URL(target, BASE).origin !== BASE) return fallback
  } catch {
    return fallback
  }
  return target
}
