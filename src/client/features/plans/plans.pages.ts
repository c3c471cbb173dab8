// Plans and the journey (SPEC §2 "Journey and content"). Issue 7 replaces the placeholders.
import { page } from '#shared/pages'

export const plansPages = {
  performance: page('/performance', 'user', 'pages.performance', () => import('#client/app/Placeholder.tsx')),
  journey: page('/journey', 'user', 'pages.journey', () => import('#client/app/Placeholder.tsx')),
  plan: page('/plan/:slug', 'public', 'pages.plan', () => import('#client/app/Placeholder.tsx')),
  blockedRoute: page('/route-blocked', 'public', 'pages.blocked_route', () => import('#client/app/Placeholder.tsx')),
  planFinished: page('/plan-finished', 'user', 'pages.plan_finished', () => import('#client/app/Placeholder.tsx')),
}
