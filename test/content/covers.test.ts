// Issue 20 §8: an uploaded cover is stored as its R2 key (uploads/<tag>/<id>.<ext>); the cards,
// the route page and the article used it as a relative URL (→ /uploads/…, 404). Every picture a
// page shows is now the served URL (/media/<key>); absolute URLs stay as they are.
import { describe, expect, it } from 'vitest'
import { mediaUrl, servedImages } from '#shared/media'
import { api, json } from '../helpers'
import { posts } from '#worker/db/schema'
import { makePost, makeRoute, patch, unique } from '../factories'

const html = async (path: string) => {
  const res = await api(path, { headers: { accept: 'text/html' } })
  expect(res.status, path).toBe(200)
  return res.text()
}

describe('mediaUrl', () => {
  it('serves R2 keys under /media/, and Unsplash pictures and /media/ paths as they are', () => {
    expect(mediaUrl('uploads/route_cover/abc-1.png')).toBe('/media/uploads/route_cover/abc-1.png')
    expect(mediaUrl('https://images.unsplash.com/photo?w=1520')).toBe('https://images.unsplash.com/photo?w=1520')
    expect(mediaUrl('/media/uploads/post_cover/x.webp')).toBe('/media/uploads/post_cover/x.webp')
    expect(mediaUrl(null)).toBeNull()
    expect(servedImages({ cover: 'uploads/route_cover/a.png', square: 'https://images.unsplash.com/b' })).toEqual({
      cover: '/media/uploads/route_cover/a.png',
      square: 'https://images.unsplash.com/b',
    })
    // Only pictures an editor can pick (decision 036 "Found from outside"): another host, a path
    // outside /media/ or a key climbing out of it is left out.
    expect(servedImages({ cover: 'https://x.example/b.png', square: '/logout' })).toEqual({})
    expect(mediaUrl('../logout')).toBeNull()
  })
})

describe('uploaded covers on the pages that show them', () => {
  it('the route list, the cards of /routes and the home carousel, and the route page use /media/<key>', async () => {
    const key = `uploads/route_cover/${unique('c')}.png`
    const route = await makeRoute({ title: unique('Ruta con portada'), units: 1, order: -1000, images: { cover: key } })
    const list = await json(await api(`/v1/routes?with_properties=images&filters[slug]=${route.slug}`))
    expect(list.routes[0].images.cover).toBe(`/media/${key}`)

    const page = await html(`/route/${route.slug}`)
    expect(page).toMatch(new RegExp(`<img[^>]*class="page-cover"[^>]*src="/media/${key}"`))
    expect(page).not.toContain(`url(${key})`)
    // The cover is asked for before the scripts (issue 21 §5: the phone's largest paint).
    const preload = `<link rel="preload" as="image" href="/media/${key}" fetchpriority="high">`
    expect(page).toContain(preload)
    expect(page.indexOf(preload)).toBeLessThan(page.indexOf('<script type="module"'))

    const home = await html('/')
    expect(home).toContain(`/media/${key}`)
    expect(home).not.toMatch(new RegExp(`url\\(${key}`))
    const search = await html('/routes')
    expect(search).toContain(`/media/${key}`)
  })

  it('an article shows its cover above the title, served under /media/', async () => {
    const key = `uploads/post_cover/${unique('p')}.webp`
    const post = await makePost({ content: '<p>Hola</p>' })
    await patch(posts, post.id, { images: { cover: key } })
    const page = await html(`/post/${post.slug}`)
    expect(page).toMatch(new RegExp(`<img[^>]*class="page-cover"[^>]*src="/media/${key}"`))
    expect(page).toContain(`<link rel="preload" as="image" href="/media/${key}" fetchpriority="high">`)
  })
})
