// The attribute values a post body may keep (issue 32 §1), as lib/html.ts's allowlist checks
// them: each takes the value as a browser reads it (decoded once by `decodeAttr`) and answers the
// value to write, or null. Links and media are checked as the URL parser resolves them, so the
// browser asks for exactly what was checked.
import { decodeHTMLAttribute } from 'entities'

/** Takes the attribute's value as a browser reads it (decoded once); answers the value to write, or null. */
export type AttrCheck = (value: string) => string | null

/** A text value (alt, title), at most 500 characters. */
export const text: AttrCheck = (v) => (v.length > 500 ? Array.from(v).slice(0, 500).join('') : v)
export const digits: AttrCheck = (v) => (/^\s*\d{1,4}\s*$/.test(v) ? v.trim() : null)
export const oneOf =
  (...values: string[]): AttrCheck =>
  (raw) => {
    const v = raw.trim().toLowerCase()
    return values.includes(v) ? v : null
  }
/** Anchors the table of contents can link to: the shape headingId() makes (client/features/posts/toc.ts). */
export const anchorId: AttrCheck = (v) => (/^[a-z][a-z0-9-]{0,59}$/.test(v) ? v : null)

/**
 * An attribute's value as the browser reads it: character references decoded as in an attribute
 * (entities' decodeHTMLAttribute follows the HTML standard's table and rules), NUL as U+FFFD.
 */
// eslint-disable-next-line no-control-regex
export const decodeAttr = (raw: string) => decodeHTMLAttribute(raw).replace(/\u0000/g, '\ufffd')

/** A decoded URL as URL parsing reads it: tab and newlines removed, C0 controls and spaces trimmed. */
// eslint-disable-next-line no-control-regex
const urlOf = (v: string) => v.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')

/** A path on this site: "/…" but not "//host" nor "/\\host" (both mean another host), no spaces or controls. */
// eslint-disable-next-line no-control-regex
const ownPath = (v: string) => /^\/(?![/\\])[^\s\\\u0000-\u001f\u007f]*$/.test(v)

/** Links: http(s) and mailto anywhere, paths of this site, anchors in the page. */
export function linkTarget(value: string): { href: string; external: boolean } | null {
  const v = urlOf(value)
  if (v.length > 2000) return null
  // eslint-disable-next-line no-control-regex
  if (/^#[^\s\u0000-\u001f\u007f]*$/.test(v) || ownPath(v)) return { href: v, external: false }
  let url: URL
  try {
    url = new URL(v)
  } catch {
    return null
  }
  if (url.protocol === 'http:' || url.protocol === 'https:')
    return url.username || url.password ? null : { href: url.href, external: true }
  if (url.protocol === 'mailto:') return { href: url.href, external: false }
  return null
}

/**
 * Pictures and media: files of this site's media only (`/media/…`, what the admin uploads). Not
 * another host (the CSP loads none; a third-party picture tells its host who reads the article),
 * and not any other path of this site either: a picture is fetched by every reader's browser as
 * a same-origin request, and `/logout` or a call would run for each of them. Checked and written
 * as the URL parser resolves it (dot segments, `%2e%2e` included), so the browser asks for that.
 */
const MEDIA_BASE = 'https://calma.invalid'
export const mediaSrc: AttrCheck = (value) => {
  const v = urlOf(value)
  if (v.length > 2000 || !ownPath(v)) return null
  let url: URL
  try {
    url = new URL(v, MEDIA_BASE)
  } catch {
    return null
  }
  if (url.origin !== MEDIA_BASE || !url.pathname.startsWith('/media/')) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/** A checked value inside double quotes: written so a browser decodes it back to exactly `v`. */
export const escAttr = (v: string) =>
  v.replace(/[&"<>]/g, (ch) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[ch]!)
