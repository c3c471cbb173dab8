// Issue 21: a page's words are named by URL in the built app instead of embedded in every page
// (worker/ssr/messages-file.ts). What the URL serves must be exactly the words a page embedded
// (the admin's apart), kept forever under the current hash and never under another.
import { describe, expect, it } from 'vitest'
import { clientMessages, messagesUrl } from '#worker/ssr/messages-file'
import { messagesFor } from '#shared/i18n/messages'
import { api } from '../helpers'

describe('GET /i18n/<locale>.<hash>.json', () => {
  it("serves the language's words but the admin's, immutable under the current hash", async () => {
    for (const locale of ['es', 'en'] as const) {
      const url = await messagesUrl(locale)
      expect(url).toMatch(new RegExp(`^/i18n/${locale}\\.[\\w-]{12}\\.json$`))
      const res = await api(url)
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      const words = (await res.json()) as Record<string, unknown>
      expect(words).toEqual(clientMessages(locale))
      expect(words.admin).toBeUndefined()
      expect(Object.keys(words).length).toBe(Object.keys(messagesFor(locale)).length - 1)
    }
    expect(await messagesUrl('es')).not.toBe(await messagesUrl('en'))
  })

  it('another hash (a page of an earlier deploy) gets the words uncached; anything else is not found', async () => {
    const stale = await api('/i18n/es.AAAAAAAAAAAA.json')
    expect(stale.status).toBe(200)
    expect(stale.headers.get('cache-control')).toBe('no-store')
    expect(await stale.json()).toEqual(clientMessages('es'))
    for (const bad of ['/i18n/fr.AAAAAAAAAAAA.json', '/i18n/es.json', '/i18n/es.AAAAAAAAAAAA.js'])
      expect((await api(bad)).status, bad).toBe(404)
  })
})
