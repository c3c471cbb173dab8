// Issue 20 §8: the usage-events screen asks for `page=1` with its filters; the page number was
// read as the events' `page` (path) filter, so the screen was always empty.
import { beforeAll, describe, expect, it } from 'vitest'
import { json } from '../helpers'
import { people, send, usageEvents } from './support'

let admin: string
beforeAll(async () => {
  admin = (await people()).admin.token
})

describe('GET /v1/admin/events with the page number', () => {
  it('page=1 is the page, not a filter; the path filter still works as filters[page]', async () => {
    const ev = await usageEvents()
    // What the screen sends: page, per_page, order and the event filter.
    const res = await send('GET', '/v1/admin/events', admin, {
      page: '1',
      per_page: '10',
      order_by: 'id desc',
      'filters[event]': ev,
    })
    expect(res.status).toBe(200)
    const body = await json(res)
    expect(body.rows).toHaveLength(2)
    expect(body.pagination).toMatchObject({ current_page: 1, total: 2 })
    const second = await json(
      await send('GET', '/v1/admin/events', admin, { page: '2', per_page: '1', 'filters[event]': ev }),
    )
    expect(second.rows).toHaveLength(1)
    expect(second.pagination.current_page).toBe(2)
    const byPath = await json(
      await send('GET', '/v1/admin/events', admin, { page: '1', 'filters[event]': ev, 'filters[page]': '/blog' }),
    )
    expect(byPath.rows.map((r: { page: string }) => r.page)).toEqual(['/blog'])
  })
})
