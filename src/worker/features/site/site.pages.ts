// Server data of the public site's pages (SPEC §2 "Public and acquisition").
import { routesQuery } from '#shared/contract/content'
import { homePageData, landingPageData } from '#shared/contract/site'
import { psychologistsQuery } from '#shared/contract/users'
import { listPsychologists } from '#worker/features/users/psychologists.service'
import { listRoutes } from '#worker/features/content/content.service'
import { PAGE_SIZE, PUBLIC_CACHE_TTL_MS } from '#shared/limits'
import { memo } from '#worker/http/memo'
import { loader, type PageLoaders } from '#worker/ssr/page'

/** How many psychologist profiles a landing shows. */
const LANDING_PSYCHOLOGISTS = 3

/** The landings' psychologists: public profiles, the same for every visitor (kept a minute). */
const landing = loader(landingPageData, ({ ctx }) =>
  memo('landing:psychologists', PUBLIC_CACHE_TTL_MS, async () => {
    const { psychologists } = await listPsychologists(
      { ...ctx, user: null },
      psychologistsQuery.parse({ per_page: String(LANDING_PSYCHOLOGISTS), filters: { open: '1' } }),
    )
    return {
      psychologists: psychologists.map((p) => ({
        id: p.id,
        name: p.name,
        avatar: p.avatar,
        degree: p.degree,
        located_at: p.located_at,
        speaks_in: p.speaks_in,
      })),
    }
  }),
)

export const siteLoaders: PageLoaders<'home' | 'insomniaLanding' | 'anxietyLanding'> = {
  insomniaLanding: landing,
  anxietyLanding: landing,
  // The landing is the same for every visitor of a language (signed-in users go to /journey).
  home: loader(homePageData, ({ ctx }) =>
    memo(`home:${ctx.locale}`, PUBLIC_CACHE_TTL_MS, async () => {
      const { routes } = await listRoutes(
        { ...ctx, user: null },
        routesQuery.parse({ per_page: PAGE_SIZE.landingCarousel, with_properties: 'images' }),
      )
      // What a card shows and no more: every byte of the landing is sent to every visitor.
      return {
        routes: routes.map(({ id, slug, title, description, units_count, images }) => ({
          id,
          slug,
          title,
          description,
          units_count,
          images,
        })),
      }
    }),
  ),
}
