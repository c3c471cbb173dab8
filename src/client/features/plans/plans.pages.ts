// Plans and the journey (SPEC §2 "Journey and content"; §8 the blocked-route, need-appointment
// and plan-finished pages).
import { page } from '#shared/pages'

export const plansPages = {
  performance: page('/performance', 'user', 'pages.performance', () => import('./Performance')),
  journey: page('/journey', 'user', 'pages.journey', () => import('./Journey')),
  plan: page('/plan/:slug', 'public', 'pages.plan', () => import('./PlanPage')),
  // Shown at a locked route's own URL (403); reachable directly with ?route=slug&plan_id=.
  blockedRoute: page('/route-blocked', 'user', 'pages.blocked_route', () => import('./RouteBlocked'), {
    noindex: true,
  }),
  needAppointment: page('/need-appointment', 'user', 'pages.need_appointment', () => import('./NeedAppointment'), {
    noindex: true,
  }),
  planFinished: page('/plan-finished', 'user', 'pages.plan_finished', () => import('./PlanFinished'), {
    noindex: true,
  }),
}
