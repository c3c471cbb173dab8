// Server data of the public site's pages (SPEC §2 "Public and acquisition").
import { routesQuery } from '#shared/contract/content'
import { homePageData } from '#shared/contract/site'
import { listRoutes } from '#worker/features/content/content.service'
import { PAGE_SIZE, PUBLIC_CACHE_TTL_MS } from '#shared/limits'
import { memo } from '#worker/http/memo'
import { loader, type PageLoaders } from '#worker/ssr/page'

export const siteLoaders: PageLoaders<'home'> = {
  // The landing is the same for every visitor of a language (signed-in users go to /journey).
  home: loader(homePageData, ({ ctx }) =>
    memo(`home:${ctx.locale}`, PUBLIC_CACHE_TTL_MS, async () => {
      const { routes } = await listRoutes({ ...ctx, user: null }, routesQuery.parse({ per_page: PAGE_SIZE.landingCarousel, with_properties: 'images' }))
      return { routes }
    }),
  ),
}
