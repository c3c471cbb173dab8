// Server data of the route search and the route page (SPEC §2 "/routes", "/route/{slug}").
import { routePageData, routesPageData, routesQuery, symptomsQuery } from '#shared/contract/content'
import { postsQuery } from '#shared/contract/posts'
import { PAGE_SIZE } from '#shared/limits'
import { listPosts } from '#worker/features/posts/posts.service'
import { loader, type PageLoaders } from '#worker/ssr/page'
import { getRoute, listRoutes, listSymptoms } from './content.service'

export const contentLoaders: PageLoaders<'routes' | 'route'> = {
  routes: loader(routesPageData, async ({ ctx, query }) => {
    const keyword = (query.keyword ?? '').slice(0, 200)
    const search = keyword || undefined
    const badges = (search?: string) => listSymptoms(ctx, symptomsQuery.parse({ per_page: PAGE_SIZE.symptoms, symptoms_with_routes: 1, search }))
    const [symptoms, routes, posts] = await Promise.all([
      badges(search),
      listRoutes(ctx, routesQuery.parse({ per_page: PAGE_SIZE.routesSearch, with_properties: 'images', search })),
      listPosts(ctx, postsQuery.parse({ per_page: PAGE_SIZE.postsSearch, search })),
    ])
    // With a keyword that matches no symptom, still offer the general ones to click.
    const shown = symptoms.symptoms.length || !search ? symptoms.symptoms : (await badges()).symptoms
    return { keyword, symptoms: shown, routes: routes.routes, posts: posts.posts }
  }),

  route: loader(routePageData, async ({ ctx, params }) => ({ route: await getRoute(ctx, params.slug ?? '') })),
}
