// Server data of the route search and the route page (SPEC §2 "/routes", "/route/{slug}").
import { routePageData, routesPageData, routesQuery, symptomsQuery } from '#shared/contract/content'
import { pageKeyword } from '#shared/contract/fields'
import { postsQuery } from '#shared/contract/posts'
import { PAGE_SIZE, PUBLIC_CACHE_TTL_MS } from '#shared/limits'
import { listPosts } from '#worker/features/posts/posts.service'
import { routeHead, routeLanguages } from './content.seo'
import { memo } from '#worker/http/memo'
import { loader, withHead, type PageLoaders } from '#worker/ssr/page'
import { planOfQuery, refuseLockedRoute } from '#worker/features/plans/plans.pages'
import { getRoute, listRoutes, listSymptoms } from './content.service'

export const contentLoaders: PageLoaders<'routes' | 'route'> = {
  routes: loader(routesPageData, async ({ ctx, query }) => {
    const keyword = pageKeyword(query.keyword)
    const search = keyword || undefined
    const badges = (search?: string) =>
      listSymptoms(ctx, symptomsQuery.parse({ per_page: PAGE_SIZE.symptoms, symptoms_with_routes: 1, search }))
    const [symptoms, routes, posts] = await Promise.all([
      badges(search),
      listRoutes(ctx, routesQuery.parse({ per_page: PAGE_SIZE.routesSearch, with_properties: 'images', search })),
      listPosts(ctx, postsQuery.parse({ per_page: PAGE_SIZE.postsSearch, search })),
    ])
    // With a keyword that matches no symptom, still offer the general ones to click.
    const shown = symptoms.symptoms.length || !search ? symptoms.symptoms : (await badges()).symptoms
    // A search's answer is not a page of its own for search engines (the canonical is /routes).
    return withHead({ keyword, symptoms: shown, routes: routes.routes, posts: posts.posts }, { noindex: !!search })
  }),

  route: loader(routePageData, async ({ ctx, params, query }) => {
    const slug = params.slug ?? ''
    // A route the person's plan still holds locked is not opened (issue 7 §2); visitors skip this.
    // The lock check needs only the route's id, from the visitors' shared copy (cached: no D1), so
    // it reads side by side with the person's like: one D1 round, not two (issue 43 §3).
    const [route] = await Promise.all([
      getRoute(ctx, slug),
      ctx.user ? getRoute({ ...ctx, user: null }, slug).then((r) => refuseLockedRoute(ctx, r, query)) : null,
    ])
    // Which languages the slug exists in (hreflang) is public and the same for everyone: kept a
    // minute per isolate like the footer, so the page stays at 3 statements (route-page.test.ts).
    // Asked only once the route exists, so unknown slugs never fill the cache.
    const [languages, plan] = await Promise.all([
      memo(`route-languages:${route.slug}`, PUBLIC_CACHE_TTL_MS, () => routeLanguages(ctx, route.slug)),
      planOfQuery(ctx, query),
    ])
    return withHead({ route, plan }, routeHead(ctx, route, languages))
  }),
}
