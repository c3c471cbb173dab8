import type { Boot } from '#shared/page-data'
import type { RoutePageData } from '#shared/contract/content'
import { landingPage } from '#shared/pages'
import type { Href } from './links'
import type { PageId } from './pages'

/**
 * A page's parent: where its ← goes. `root` is the root of whoever looks: a visitor's home (/),
 * a patient's Home tab (/performance, the bottom navigation's Home), a staff member's landing
 * (a psychologist's agenda, an admin's /admin). `route` and `routes` depend on where the person
 * came from and who they are (SPEC §2), answered in backHref. Typed over every page id, so a new
 * page without a parent fails the type-check (issue 42 §7; the map is written in decision 065).
 */
type Parent = PageId | 'root' | 'special'
export const PARENTS: Record<PageId, Parent> = {
  home: 'root',
  insomniaLanding: 'root',
  anxietyLanding: 'root',
  insomniaThanks: 'root',
  terms: 'root',
  cookies: 'root',
  privacy: 'root',
  consent: 'root',
  help: 'root',
  offline: 'root',
  contact: 'root',
  letstalk: 'root',
  feedback: 'root',
  suggestions: 'root',
  outbox: 'root',
  login: 'root',
  register: 'root',
  recover: 'login',
  disableNotifications: 'root',
  expired: 'root',
  profile: 'root',
  downloads: 'profile',
  subscription: 'profile',
  subscribe: 'subscription',
  upgrade: 'subscription',
  thanks: 'subscription',
  performance: 'root',
  journey: 'root',
  plan: 'journey',
  blockedRoute: 'journey',
  needAppointment: 'journey',
  planFinished: 'journey',
  routes: 'special',
  route: 'special',
  blog: 'root',
  post: 'blog',
  postDeleted: 'blog',
  ranking: 'performance',
  rewards: 'root',
  appointments: 'root',
  appointment: 'appointments',
  admin: 'root',
  notFound: 'root',
  error: 'root',
}

/** The root a person's ← ends at: a visitor's home, a patient's Home tab, a staff member's landing. */
function rootHref(boot: Boot, href: Href): string {
  if (!boot.user) return href('home')
  const landing = landingPage(boot.user.role)
  // Patients land on /journey (SPEC §2) but their tree's top is the Home tab above it.
  return href(landing === 'journey' ? 'performance' : landing)
}

/**
 * Where "back" goes on a page, or null on the root of the person's tree (nothing above it: no
 * arrow). The one answer for both the header's ← and the page's own "← Volver" (issue 34 §5), so
 * the two never disagree. SPEC §2: a route opened from a plan (?plan_id=) goes back to that
 * plan, else /journey (a visitor: /routes); /routes goes to /journey (a visitor: /); /ranking to
 * /performance; a post to the blog. Every other page goes to its parent in PARENTS.
 */
export function backHref(boot: Boot, href: Href): string | null {
  const signedIn = !!boot.user
  const own = boot.page as PageId
  let target: string
  if (own === 'route') {
    const plan = (boot.data as RoutePageData | null)?.plan
    if (plan) return href('plan', { slug: plan.slug, query: { plan_id: String(plan.id) } })
    target = href(signedIn ? 'journey' : 'routes')
  } else if (own === 'routes') target = signedIn ? href('journey') : rootHref(boot, href)
  else {
    const parent = PARENTS[own] ?? 'root'
    target = parent === 'root' || parent === 'special' ? rootHref(boot, href) : href(parent)
  }
  // The root itself has no parent: a ← to the page one is on would go nowhere (issue 42 §7).
  return target === href(own as 'home') ? null : target
}
