// The header's ← and a page's "← Volver" go to the same place (issue 34 §5): one answer, backHref.
import { describe, expect, it } from 'vitest'
import { backHref } from '#client/app/back.ts'
import { PAGES, isPageId, makeHref, type PageId } from '#client/app/pages.ts'
import { Role } from '#shared/enums'
import type { Boot } from '#shared/page-data'

const bootOf = (page: string, user: boolean | number, data: unknown = null) =>
  ({ page, user: user ? { id: 1, role: user === true ? Role.patient : user } : null, data }) as unknown as Boot

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
  })
})

// Issue 42 §7: /journey's ← pointed at /journey, Home's at Continue, /profile's and /downloads' at
// /journey. Each page now has a parent (decision 065).
describe('every page has a parent, never itself', () => {
  const es = makeHref('es')
  const en = makeHref('en')
  const pages = (Object.keys(PAGES) as string[]).filter(isPageId)
  // The one page each viewer's ← ends at: nothing is above it.
  const viewers = [
    { name: 'a visitor', user: false as const, root: 'home' },
    { name: 'a patient', user: Role.patient, root: 'performance' },
    { name: 'a psychologist', user: Role.psychologist, root: 'appointments' },
    { name: 'an admin', user: Role.admin, root: 'admin' },
    { name: 'a publisher', user: Role.publisher, root: 'admin' },
  ]
  /** A page's own path with sample parameters, as the browser would be on it. */
  const own = (id: PageId, h: typeof es) =>
    (h as (id: string, o?: object) => string)(id, { slug: 'x', provider: 'google' }).split('?')[0]

  for (const v of viewers)
    for (const locale of [es, en])
      it(`${v.name}: no page's back goes to itself, and only the root (${v.root}) has none`, () => {
        for (const id of pages) {
          for (const data of [null, { plan: null }]) {
            const back = backHref(bootOf(id, v.user, data), locale)
            if (id === v.root) expect(back, id).toBeNull()
            else {
              expect(back, id).toBeTypeOf('string')
              expect(back!.split('?')[0], id).not.toBe(own(id, locale))
            }
          }
        }
      })

  it('the pages of the issue: /journey → Home, Home → nothing, /profile → Home, /downloads → /profile', () => {
    expect(backHref(bootOf('journey', true), es)).toBe('/performance')
    expect(backHref(bootOf('performance', true), es)).toBeNull()
    expect(backHref(bootOf('profile', true), en)).toBe('/en/performance')
    expect(backHref(bootOf('downloads', true), es)).toBe('/profile')
    // Staff: their tree's top is their own work.
    expect(backHref(bootOf('profile', Role.psychologist), es)).toBe('/appointments')
    expect(backHref(bootOf('appointments', Role.psychologist), es)).toBeNull()
    expect(backHref(bootOf('profile', Role.admin), en)).toBe('/en/admin')
  })
})
