// How a stored picture becomes something a browser can load. Covers are stored as the admin set
// them: an R2 key from an upload (`uploads/route_cover/<id>.png`), a site path, or an absolute
// URL (Unsplash). R2 keys are served by the Worker under /media/ (features/media/media.routes.ts).

/** The URL a page uses for a stored picture: absolute URLs and site paths as they are, R2 keys under /media/. */
export function mediaUrl(image: string): string
export function mediaUrl(image: string | null | undefined): string | null
export function mediaUrl(image: string | null | undefined): string | null {
  if (!image) return null
  if (/^https?:\/\//i.test(image) || image.startsWith('/')) return image
  return `/media/${image.split('/').map(encodeURIComponent).join('/')}`
}

/** A route's, plan's or post's `images` with every picture as a served URL (see mediaUrl). */
export function servedImages<T extends Record<string, string | undefined>>(images: T | null | undefined): T | null {
  if (!images) return null
  const out: Record<string, string | undefined> = {}
  for (const [k, v] of Object.entries(images)) out[k] = v ? mediaUrl(v) : v
  return out as T
}
