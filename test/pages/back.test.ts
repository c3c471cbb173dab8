// The header's ← and a page's "← Volver" go to the same place (issue 34 §5): one answer, backHref.
import { describe, expect, it } from 'vitest'
import { backHref } from '#client/app/back.ts'
import { makeHref } from '#client/app/pages.ts'
import type { Boot } from '#shared/page-data'

const bootOf = (page: string, user: boolean, data: unknown = null) =>
  ({ page, user: user ? { id: 1 } : null, data }) as unknown as Boot

describe('where back goes', () => {
  const es = makeHref('es')
  const en = makeHref('en')
  it('a route opened from a plan goes back to that plan, in the page language', () => {
    const data = { plan: { id: 7, slug: 'plan-para-calmar-la-ansiedad' } }
    expect(backHref(bootOf('route', true, data), es)).toBe('/plan/plan-para-calmar-la-ansiedad?plan_id=7')
    expect(backHref(bootOf('route', true, data), en)).toBe('/en/plan/plan-para-calmar-la-ansiedad?plan_id=7')
  })
  it('a route without a plan: the journey when signed in, the route search for a visitor', () => {
    expect(backHref(bootOf('route', true, { plan: null }), es)).toBe('/journey')
    expect(backHref(bootOf('route', false, { plan: null }), en)).toBe('/en/routes')
  })
  it('the ranking goes to /performance, a post to the blog, /routes to the journey or home', () => {
    expect(backHref(bootOf('ranking', true), es)).toBe('/performance')
    expect(backHref(bootOf('post', true), en)).toBe('/en/blog')
    expect(backHref(bootOf('routes', true), es)).toBe('/journey')
    expect(backHref(bootOf('routes', false), en)).toBe('/en/')
    expect(backHref(bootOf('profile', true), es)).toBe('/journey')
  })
})
