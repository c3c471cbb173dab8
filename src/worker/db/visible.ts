// What visitors may see of a route (SPEC §4): visible, public and active. One condition for every
// feature that reads routes for them (content, posts, playback, site).
import { and, eq } from 'drizzle-orm'
import { ContentStatus } from '#shared/enums'
import { routes } from './schema'

export const visibleRoute = and(
  eq(routes.status, ContentStatus.visible),
  eq(routes.isPublic, true),
  eq(routes.isActive, true),
)
