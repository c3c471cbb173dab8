// How a stored picture becomes something a browser can load. Covers are stored as the admin set
// them: an R2 key from an upload (`uploads/route_cover/<id>.png`), a path of this site's media, or
// an Unsplash picture (the admin's "picture from Unsplash"). R2 keys are served by the Worker under
// /media/ (features/media/media.routes.ts).
//
// Found from outside (issue 32, decision 036 "Found from outside (HTML)"): a cover was any line
// of text and was served as it was stored, into `<img src>` and `<link rel="preload" as="image">`
// on the blog, the article, the route page and every route card. Every reader's browser fetches
// a picture, as a same-origin GET for a path of this site (`/logout` signed every signed-in
// reader out) and from any host the CSP's img-src lists (`//www.facebook.com/tr?…` and
// `/\www.google.com/…` fired ad beacons before any consent: those hosts are in img-src for the
// consented tags). So a cover is now only what an editor can pick, checked on save
// (coverField: 422) and again on the way out (a row written any other way shows no cover).

/** The one other host a cover may come from: what the Unsplash picker stores, and img-src allows. */
const UNSPLASH = 'images.unsplash.com'
const SITE = 'https://site.invalid'
/** Characters no key, path or URL of a picture holds: a browser drops or reinterprets them. */
// oxlint-disable-next-line no-control-regex -- control characters are what this pattern finds
const UNSAFE = /[\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/**
 * The URL a page uses for a stored picture, or null when it is not one a reader may be sent to:
 * - an R2 key (no scheme, not starting with "/"): `/media/<key>`, each segment percent-encoded,
 *   and no "." or ".." segment (`../logout` would resolve out of /media/);
 * - a path: only a file of /media/, as the URL parser resolves it (`/media/../logout` is `/logout`);
 * - an absolute URL: only https on images.unsplash.com, without user or password
 *   (`https://images.unsplash.com@www.facebook.com/` is facebook's).
 */
export function mediaUrl(image: string | null | undefined): string | null {
  if (!image || UNSAFE.test(image) || image.length > 2000) return null
  if (/^[a-z][a-z0-9+.-]*:/i.test(image)) {
    let url: URL
    try {
      url = new URL(image)
    } catch {
      return null
    }
    return url.protocol === 'https:' && url.host === UNSPLASH && !url.username && !url.password ? url.href : null
  }
  if (image.startsWith('/')) {
    if (image.startsWith('//')) return null
    let url: URL
    try {
      url = new URL(image, SITE)
    } catch {
      return null
    }
    return url.origin === SITE && url.pathname.startsWith('/media/') ? `${url.pathname}${url.search}` : null
  }
  const segments = image.split('/')
  if (segments.some((s) => s === '.' || s === '..' || s === '')) return null
  return `/media/${segments.map(encodeURIComponent).join('/')}`
}

/** The R2 keys uploads write (`uploads/<tag>/<uuid>.<ext>`), as the media route accepts them. */
const KEY = /^[A-Za-z0-9._\-/]{1,512}$/

/**
 * Whether `image` is a cover an editor may store: an Unsplash picture, a /media/ path, or a key
 * the media route would serve (anything else as a key is a file no upload made: refused on save,
 * though mediaUrl serves an old row's odd key harmlessly under /media/).
 */
export const isCover = (image: string) =>
  mediaUrl(image) !== null && (image.startsWith('/') || /^https:/i.test(image) || KEY.test(image))

/** A route's, plan's or post's `images` with every picture as a served URL (see mediaUrl); one that may not be served is left out. */
export function servedImages<T extends Record<string, string | undefined>>(images: T | null | undefined): T | null {
  if (!images) return null
  const out: Record<string, string | undefined> = {}
  for (const [k, v] of Object.entries(images)) {
    if (!v) out[k] = v
    else {
      const url = mediaUrl(v)
      if (url) out[k] = url
    }
  }
  return out as T
}
