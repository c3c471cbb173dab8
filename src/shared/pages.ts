// The page table (DESIGN §6): every path of SPEC §2, who may see it and where others go.
// The server uses it to pick the page to render and to redirect; the client to hydrate it.
// Paths are written without the /en prefix; English is the same path under /en.

/** Who may see a page. guest: visitors only (users go to /journey); user: login required. */
export type Access = 'public' | 'guest' | 'user'

export interface PageDef {
  id: string
  path: string
  access: Access
  /** Messages key of the page title. */
  title: string
  /** Component file in src/client/pages (without .tsx). */
  component: string
  /** Hide header and navigation (SPEC §2: the insomnia thanks page). */
  bare?: boolean
  /** Only served when APP_ENV is local or test. */
  devOnly?: boolean
}

export const USER_HOME = '/journey'
export const LOGIN_PATH = '/login'

const p = (id: string, path: string, access: Access, component: string, extra: Partial<PageDef> = {}): PageDef => ({
  id,
  path,
  access,
  component,
  title: `pages.${extra.title ?? id.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`)}`,
  ...extra,
})

export const PAGES: PageDef[] = [
  // Public and acquisition
  p('home', '/', 'guest', 'Home'),
  p('insomniaLanding', '/get-a-plan-for-insomnia', 'guest', 'Placeholder'),
  p('anxietyLanding', '/get-a-plan-for-anxiety', 'guest', 'Placeholder'),
  p('insomniaThanks', '/get-a-plan-for-insomnia/thanks', 'public', 'Placeholder', { bare: true }),
  p('terms', '/terms', 'public', 'Placeholder'),
  p('cookies', '/cookies', 'public', 'Placeholder'),
  p('privacy', '/privacy', 'public', 'Placeholder'),
  p('consent', '/consent', 'public', 'Placeholder'),
  p('contact', '/contact', 'public', 'Placeholder'),
  p('letstalk', '/letstalk', 'public', 'Placeholder'),
  p('feedback', '/feedback', 'public', 'Placeholder'),
  p('suggestions', '/suggestions', 'public', 'Placeholder'),
  p('blockedRoute', '/route-blocked', 'public', 'Placeholder'),
  p('needAppointment', '/need-appointment', 'user', 'Placeholder'),
  p('planFinished', '/plan-finished', 'user', 'Placeholder'),
  p('upgrade', '/upgrade', 'user', 'Placeholder'),
  p('thanks', '/thanks', 'public', 'Placeholder'),
  p('expired', '/expired', 'public', 'Expired'),
  // Account
  p('login', '/login', 'guest', 'Login'),
  p('register', '/register', 'guest', 'Register'),
  p('recover', '/recover-password', 'guest', 'Recover'),
  p('disableNotifications', '/disable-notifications', 'public', 'DisableNotifications'),
  p('profile', '/profile', 'user', 'Profile'),
  p('subscription', '/subscription', 'user', 'Placeholder'),
  p('subscribe', '/subscribe', 'user', 'Placeholder'),
  p('rewards', '/rewards', 'user', 'Placeholder'),
  // Journey and content
  p('performance', '/performance', 'user', 'Placeholder'),
  p('journey', '/journey', 'user', 'Placeholder'),
  p('plan', '/plan/:slug', 'public', 'Placeholder'),
  p('routes', '/routes', 'public', 'Routes'),
  p('route', '/route/:slug', 'public', 'Route'),
  p('blog', '/blog', 'public', 'Blog'),
  p('post', '/post/:slug', 'public', 'Post'),
  p('postDeleted', '/post-deleted', 'public', 'Placeholder'),
  p('ranking', '/ranking', 'user', 'Placeholder'),
  p('appointments', '/appointments', 'user', 'Placeholder'),
  p('appointment', '/appointment', 'public', 'Placeholder'),
  // Local tools
  p('outbox', '/__dev/outbox', 'public', 'Outbox', { devOnly: true }),
]

export const NOT_FOUND_PAGE: PageDef = p('notFound', '', 'public', 'NotFound')
export const ERROR_PAGE: PageDef = p('error', '', 'public', 'ErrorPage')

export interface PageMatch {
  page: PageDef
  params: Record<string, string>
}

/** Match a locale-free path ('/route/abc', trailing slash tolerated) against the table. */
export function matchPage(path: string): PageMatch | null {
  const clean = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
  const segs = clean.split('/')
  for (const page of PAGES) {
    const want = page.path.split('/')
    if (want.length !== segs.length) continue
    const params: Record<string, string> = {}
    let ok = true
    for (let i = 0; i < want.length; i++) {
      const w = want[i]!
      const s = segs[i]!
      if (w.startsWith(':')) {
        if (!s) { ok = false; break }
        try { params[w.slice(1)] = decodeURIComponent(s) } catch { ok = false; break }
      } else if (w !== s) { ok = false; break }
    }
    if (ok) return { page, params }
  }
  return null
}

export const pageById = (id: string): PageDef | undefined => PAGES.find((pg) => pg.id === id)

/** Where a visitor of `page` goes instead, or null when they may see it. */
export function accessRedirect(page: PageDef, loggedIn: boolean, currentPathWithSearch: string, localize: (p: string) => string): string | null {
  if (page.access === 'guest' && loggedIn) return localize(USER_HOME)
  if (page.access === 'user' && !loggedIn) {
    return `${localize(LOGIN_PATH)}?redirect=${encodeURIComponent(currentPathWithSearch)}`
  }
  return null
}
