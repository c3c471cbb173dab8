// Issue 20 §8: the article's contents counted 1, 2, 8, 9 with nested headings (one <ol> for h2
// and h3). The page now writes each entry's number: h3s under their h2 as 2.1, 2.2.
import { describe, expect, it } from 'vitest'
import { api } from '../helpers'
import { makePost } from '../factories'

describe('the article page contents', () => {
  it('numbers top-level headings in order and nested ones under them', async () => {
    const post = await makePost({
      content: '<h2>Uno</h2><p>a</p><h2>Dos</h2><h3>Dos a</h3><h3>Dos b</h3><h2>Tres</h2>',
    })
    const res = await api(`/post/${post.slug}`, { headers: { accept: 'text/html' } })
    expect(res.status).toBe(200)
    const html = (await res.text()).split('<script id="__BOOT__"')[0]!
    const numbers = [...html.matchAll(/data-number="([\d.]+)"/g)].map((m) => m[1])
    expect(numbers).toEqual(['1', '2', '2.1', '2.2', '3'])
    expect(html).toMatch(/<span class="toc-n">2\.1<\/span> <a href="#dos-a">Dos a<\/a>/)
  })
})
