import type { Boot } from '#shared/page-data'
import type { RoutePageData } from '#shared/contract/content'
import type { Href } from './links'

/**
 * Where "back" goes on a page: the one answer for both the header's ← and the page's own
 * "← Volver" (issue 34 §5), so the two never disagree. SPEC §2: a route opened from a plan
 * (?plan_id=) goes back to that plan, else /journey; /routes goes to /journey (a visitor: /);
 * /ranking to /performance; a post to the blog; every other signed-in page to /journey.
 */
export function backHref(boot: Boot, href: Href): string {
  const signedIn = !!boot.user
  switch (boot.page) {
    case 'route': {
      const plan = (boot.data as RoutePageData | null)?.plan
      if (plan) return href('plan', { slug: plan.slug, query: { plan_id: String(plan.id) } })
      return href(signedIn ? 'journey' : 'routes')
    }
    case 'routes':
      return href(signedIn ? 'journey' : 'home')
    case 'ranking':
      return href('performance')
    case 'post':
      return href('blog')
    default:
      return href('journey')
  }
}
