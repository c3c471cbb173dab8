// The page machinery (DESIGN §6, issue 13 §1). Each domain defines its pages once, in
// src/client/features/<domain>/<domain>.pages.ts, with `page()`: path, access rule, title and
// component, typed by the data its server loader must produce (a schema in
// src/shared/contract/<domain>.ts). src/client/app/pages.ts gathers them into the one table
// that the server matches, guards and renders with, the browser hydrates with, and every link
// is built from (`href('route', { slug })`). Paths are written without the /en prefix.
import type { ComponentType } from 'react'
import type { MessageKey } from './i18n/index'
import type { Boot } from './page-data'
import { Role } from './role'

/** Who may see a page. guest: visitors only (users go to /journey); user: login required. */
export type Access = 'public' | 'guest' | 'user'

/** What every page component receives: its loader's data and the page's boot. */
export interface PageProps<D = null> {
  data: D
  boot: Boot<D>
}

export interface PageEntry<D = unknown, P extends string = string> {
  path: P
  access: Access
  /** Messages key of the title (`pages.<name>`). */
  title: MessageKey
  /** Hide header and navigation (SPEC §2: the insomnia thanks page). */
  bare?: boolean
  /** Only served when APP_ENV is local or test. */
  devOnly?: boolean
  /** Never indexed by search engines (robots noindex, left out of /sitemap.xml): a step of a flow. */
  noindex?: boolean
  /**
   * The page depends on the country the request comes from (cf-ipcountry): a visitor's shared
   * copy is kept per country (worker/ssr/pages.routes.ts). The help page in a crisis.
   */
  byCountry?: boolean
  /**
   * The page's own chunk: a visitor's first page loads only its own code. The build names the
   * module it imports (`module`, vite.config.ts) so the server can preload that chunk.
   */
  component: (() => Promise<{ default: ComponentType<PageProps<D>> }>) & { module?: string }
  /** Type only: the data the server's loader must produce (null: the page has no loader). */
  readonly __data?: D
}

/** A link to a path the Worker answers itself (not a page): /logout, /auth/google. */
export interface LinkEntry<P extends string = string> {
  path: P
  component?: undefined
  /** False for paths the Worker answers in one place whatever the language (/auth/google). */
  localized: boolean
}

/** Define a page. `D` is the data type of its loader (a contract schema's type), or null. */
export function page<D = null, const P extends string = string>(
  path: P,
  access: Access,
  title: MessageKey,
  component: PageEntry<D, P>['component'],
  extra: { bare?: boolean; devOnly?: boolean; noindex?: boolean; byCountry?: boolean } = {},
): PageEntry<D, P> {
  return { path, access, title, component, ...extra }
}

export const link = <const P extends string>(path: P, opts: { localized?: boolean } = {}): LinkEntry<P> => ({
  path,
  localized: opts.localized ?? true,
})

export type DataOf<E> = E extends PageEntry<infer D, string> ? D : never

export const USER_HOME_PATH = '/journey'
export const LOGIN_PATH = '/login'

/** The pages a signed-in person may land on (ids of the page table, src/client/app/pages.ts). */
export type Landing = 'journey' | 'appointments' | 'admin'
const LANDING_PATHS: Record<Landing, string> = {
  journey: USER_HOME_PATH,
  appointments: '/appointments',
  admin: '/admin',
}

/**
 * Where a signed-in person lands (sign-in, `/` and every visitors-only page): SPEC §2 sends
 * people to /journey, their plan; staff land on their own work instead (issue 42 §8), since a
 * psychologist or an admin has no plan to follow: a psychologist on their agenda
 * (/appointments, where they are the host), an admin or a publisher on /admin.
 */
export function landingPage(role: number | null | undefined): Landing {
  if (role === Role.psychologist) return 'appointments'
  if (role === Role.admin || role === Role.publisher) return 'admin'
  return 'journey'
}

/** The locale-free path of landingPage. */
export const landingPath = (role: number | null | undefined): string => LANDING_PATHS[landingPage(role)]

/** Staff see no patient-only lines (credits, free access, plan): psychologists, admins, publishers. */
export const isStaff = (role: number | null | undefined) =>
  role === Role.psychologist || role === Role.admin || role === Role.publisher

/** A page pattern split into its segments ('/route/:slug' → ['', 'route', ':slug']). */
export const patternSegments = (pattern: string): string[] => pattern.split('/')

/** A locale-free path split into its segments, a trailing slash tolerated. */
export function pathSegments(path: string): string[] {
  const clean = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
  return clean.split('/')
}

/**
 * Match a path's segments against a pattern's, both split once (the page router tries every
 * page in order for each request: splitting both strings per page was ~8% of a cached page's
 * CPU in a profile under load).
 */
export function matchSegments(want: readonly string[], segs: readonly string[]): Record<string, string> | null {
  if (want.length !== segs.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!
    const s = segs[i]!
    if (w.startsWith(':')) {
      if (!s) return null
      try {
        params[w.slice(1)] = decodeURIComponent(s)
      } catch {
        return null
      }
    } else if (w !== s) return null
  }
  return params
}

/** Match a locale-free path ('/route/abc', trailing slash tolerated) against one pattern. */
export const matchPath = (pattern: string, path: string): Record<string, string> | null =>
  matchSegments(patternSegments(pattern), pathSegments(path))

/**
 * Where a visitor of a page with `access` goes instead, or null when they may see it. `user` is
 * the signed-in person (null: a visitor): a visitors-only page sends them to their landing.
 */
export function accessRedirect(
  access: Access,
  user: { role: number } | null,
  currentPathWithSearch: string,
  localize: (p: string) => string,
): string | null {
  if (access === 'guest' && user) return localize(landingPath(user.role))
  if (access === 'user' && !user) return `${localize(LOGIN_PATH)}?redirect=${encodeURIComponent(currentPathWithSearch)}`
  return null
}

// ── Links ────────────────────────────────────────────────────────────────────────────────────

type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer R}`
  ? N | ParamNames<`/${R}`>
  : P extends `${string}:${infer N}`
    ? N
    : never

export type Query = Record<string, string | number | boolean | null | undefined>
interface LinkOptions {
  query?: Query
  hash?: string
}

/** The arguments of a link to a path: its parameters are required, a query may follow. */
export type HrefArgs<P extends string> = [ParamNames<P>] extends [never]
  ? [opts?: LinkOptions]
  : [opts: { [K in ParamNames<P>]: string | number } & LinkOptions]

/** A path pattern with its parameters filled in, and the query, as a locale-free path. */
export function fillPath(pattern: string, opts: (LinkOptions & Record<string, unknown>) | undefined): string {
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => {
    // HrefArgs types the parameters as string | number.
    const v = opts?.[name]
    return encodeURIComponent(typeof v === 'string' || typeof v === 'number' ? String(v) : '')
  })
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(opts?.query ?? {})) {
    if (v === undefined || v === null || v === '') continue
    q.set(k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v))
  }
  const s = q.toString()
  return `${path}${s ? `?${s}` : ''}${opts?.hash ? `#${opts.hash}` : ''}`
}
