// The public site (SPEC §2 "Public and acquisition"; issue 8 adds the forms and landings).
import { z } from './zod'
import { routeSchema } from './content'

/** A route as a card shows it (client RouteCard): the landing sends nothing more in its page. */
export const routeCardSchema = routeSchema.pick({
  id: true,
  slug: true,
  title: true,
  description: true,
  units_count: true,
  images: true,
})

/** / : the landing's carousel of routes. */
export const homePageData = z.object({ routes: z.array(routeCardSchema) })
export type HomePageData = z.infer<typeof homePageData>

/** The landings (SPEC §2 /get-a-plan-for-insomnia, /get-a-plan-for-anxiety): the psychologists shown. */
export const landingPageData = z.object({
  psychologists: z.array(
    z.object({
      id: z.number().int(),
      name: z.string().nullable(),
      avatar: z.string().nullable(),
      degree: z.string().nullable(),
      located_at: z.string().nullable(),
      speaks_in: z.array(z.string()),
    }),
  ),
})
export type LandingPageData = z.infer<typeof landingPageData>
