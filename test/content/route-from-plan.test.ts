// Issue 20 §8: a route opened from a plan (/route/{slug}?plan_id=N) linked back to
// /plan/plan?plan_id=N, a page whose canonical URL was /plan/plan. Back now goes to the plan's
// own page, the route's canonical is its own URL, and the plan page's canonical is /plan/{slug}.
import { describe, expect, it } from 'vitest'
import { api } from '../helpers'
import { makePlan, makeRoute, unique } from '../factories'

const page = async (path: string) => {
  const res = await api(path, { headers: { accept: 'text/html' } })
  expect(res.status, path).toBe(200)
  return res.text()
}
const backLink = (html: string) => /<a class="back-link" href="([^"]*)"/.exec(html)![1]!.replace(/&amp;/g, '&')
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1]

describe('a route opened from a plan', () => {
  it('goes back to the plan page by its slug, and both pages have their own canonical URL', async () => {
    const route = await makeRoute({ units: 1 })
    const slug = unique('plan')
    const planId = await makePlan({ slug, title: 'Plan de calma' }, [route.id])

    const html = await page(`/route/${route.slug}?plan_id=${planId}`)
    expect(backLink(html)).toBe(`/plan/${slug}?plan_id=${planId}`)
    expect(canonical(html)).toBe(`http://localhost/route/${route.slug}`)

    // The old back link still opens the plan, with the plan's own canonical URL.
    const old = await page(`/plan/plan?plan_id=${planId}`)
    expect(canonical(old)).toBe(`http://localhost/plan/${slug}`)
    expect(canonical(await page(`/plan/${slug}?plan_id=${planId}`))).toBe(`http://localhost/plan/${slug}`)
  })

  it('without a plan the caller may see, back goes to the route search (a visitor)', async () => {
    const route = await makeRoute({ units: 1 })
    const hiddenId = await makePlan({ title: 'Privado', visibility: 2 })
    expect(backLink(await page(`/route/${route.slug}?plan_id=${hiddenId}`))).toBe('/routes')
    expect(backLink(await page(`/route/${route.slug}?plan_id=999999`))).toBe('/routes')
    expect(backLink(await page(`/route/${route.slug}`))).toBe('/routes')
  })
})
