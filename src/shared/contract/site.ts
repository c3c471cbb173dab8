// The public site (SPEC §2 "Public and acquisition"; issue 8 adds the forms and landings).
import { z } from 'zod'
import { routeSchema } from './content'

/** / : the landing's carousel of routes. */
export const homePageData = z.object({ routes: z.array(routeSchema) })
export type HomePageData = z.infer<typeof homePageData>
