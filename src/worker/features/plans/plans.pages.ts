// Server data of the journey pages (SPEC §2 "/performance", "/journey", "/plan/{slug}"; §8 the
// blocked-route, need-appointment and plan-finished pages).
import { mine as myRecommendations } from '#worker/features/care/recommendations.service'
import {
  journeyPageData,
  performancePageData,
  planPageData,
  planStatusQuery,
  routeBlockPageData,
  type PlanStatusDto,
  type RouteBlockDto,
} from '#shared/contract/plans'
import { routesQuery } from '#shared/contract/content'
import { APPOINTMENT_ALERT_LOCK_CODES } from '#shared/enums'
import type { Ctx } from '#worker/context'
import { AppError } from '#worker/http/errors'
import { listRoutes } from '#worker/features/content/content.service'
import { checkinOfPage } from '#worker/features/checkins/checkins.pages'
import { listRewards } from '#worker/features/engagement/engagement.service'
import { loader, ShowPage, withHead, type PageLoaders } from '#worker/ssr/page'
import { blockOfSlug, planLinkOf, planPage, planStatus, routeBlock } from './plans.service'

/** How many routes /performance offers to explore. */
const PERFORMANCE_ROUTES = 6

/** A plan id from the query (`?plan_id=12`), or undefined when absent or not a positive id. */
const planIdOf = (query: Record<string, string>) =>
  /^[1-9]\d{0,14}$/.test(query.plan_id ?? '') ? Number(query.plan_id) : undefined

/** The caller's current plan, or null when they have none (the page's empty state). */
async function currentStatus(ctx: Ctx): Promise<PlanStatusDto | null> {
  try {
    return await planStatus(ctx, planStatusQuery.parse({}))
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return null
    throw err
  }
}

/**
 * The route page asks this before anything else for a signed-in person: a route their plan
 * still holds locked answers with the need-appointment page (an appointment lock) or the
 * blocked-route page, 403, at the route's own URL (SPEC §4 "Locked routes cannot be opened").
 */
export async function refuseLockedRoute(
  ctx: Ctx,
  route: { id: number; slug: string; title: string },
  query: Record<string, string>,
) {
  if (!ctx.user) return
  const found = await routeBlock(ctx, route.id, planIdOf(query))
  if (!found) return
  const block: RouteBlockDto = {
    route: { slug: route.slug, title: route.title },
    plan: found.plan,
    lock_code: found.lock_code,
    lock_message: found.lock_message,
  }
  const appointment = (APPOINTMENT_ALERT_LOCK_CODES as readonly string[]).includes(block.lock_code)
  throw ShowPage.with(appointment ? 'needAppointment' : 'blockedRoute', 403, { block }, { noindex: true })
}

/** The plan a route page was opened from (its back link), or null. */
export const planOfQuery = (ctx: Ctx, query: Record<string, string>) => {
  const id = planIdOf(query)
  return id === undefined ? Promise.resolve(null) : planLinkOf(ctx, id)
}

export const plansLoaders: PageLoaders<'journey' | 'plan' | 'performance' | 'blockedRoute' | 'needAppointment'> = {
  journey: loader(journeyPageData, async ({ ctx }) => {
    // The recommendations keep their rows in the person cache themselves (care/recommendations.service):
    // a warm /journey reads no D1 (issue 21).
    const [status, { recommendations }] = await Promise.all([currentStatus(ctx), myRecommendations(ctx)])
    // The look that found the plan finished shows the congratulation once (SPEC §4); the next
    // look shows the next plan, assigned in the same call.
    if (status?.just_finished) throw ShowPage.plain('planFinished', 200, { noindex: true })
    return { status, recommendations }
  }),

  // However it was reached (/plan/plan?plan_id=12 from an old link), its canonical URL is the
  // plan's own /plan/{slug}; in another language than the plan's it is kept out of search.
  plan: loader(planPageData, async ({ ctx, params, query }) => {
    const data = await planPage(ctx, params.slug ?? '', planIdOf(query))
    return withHead(data, {
      alternates: { [data.plan.language]: `/plan/${data.plan.slug}` },
      noindex: data.plan.language !== ctx.locale,
    })
  }),

  performance: loader(performancePageData, async ({ c, ctx }) => {
    // The routes to explore are everyone's (the visitors' cached list, issue 21 §3): only the status,
    // the check-in and the rewards (the streak block, which read GET /v1/rewards from the browser
    // until decision 072) are the person's, read together (one round).
    const [status, routes, checkin, rewards] = await Promise.all([
      currentStatus(ctx),
      listRoutes(
        { ...ctx, user: null },
        routesQuery.parse({ per_page: String(PERFORMANCE_ROUTES), with_properties: 'images' }),
      ),
      checkinOfPage({ c, ctx }),
      listRewards(ctx),
    ])
    if (status?.just_finished) throw ShowPage.plain('planFinished', 200, { noindex: true })
    return {
      status,
      checkin,
      engagement: {
        streak: rewards.streak,
        unclaimed: rewards.rewards.flatMap((g) => g.rewards).filter((r) => r.is_acquired && !r.is_claimed).length,
      },
      routes: routes.routes.map((r) => ({
        id: r.id,
        slug: r.slug,
        title: r.title,
        description: r.description,
        units_count: r.units_count,
        images: r.images ?? null,
      })),
    }
  }),

  // Reached directly too (?route=slug&plan_id=): the lock now, or null once the route is open.
  blockedRoute: loader(routeBlockPageData, async ({ ctx, query }) => ({
    block: await blockOfSlug(ctx, query.route ?? '', planIdOf(query)),
  })),
  needAppointment: loader(routeBlockPageData, async ({ ctx, query }) => ({
    block: await blockOfSlug(ctx, query.route ?? '', planIdOf(query)),
  })),
}
