// Which admin screens each role gets (SPEC §6; docs/API.md "Admin"). The page offers these and
// the server's guards say the same thing call by call; the page is never what protects a call.
import { Role } from '#shared/enums'

export const ADMIN_SCREENS = [
  'routes',
  'route_categories',
  'post_categories',
  'symptoms',
  'posts',
  'files',
  'plans',
  'users',
  'appointments',
  'events',
  'notifications',
  'refunds',
  'audit',
  'sitemap',
  'properties',
] as const
export type AdminScreen = (typeof ADMIN_SCREENS)[number]

/** Publishers: content only (routes, units, symptoms, categories, posts, files). */
export const PUBLISHER_SCREENS: readonly AdminScreen[] = [
  'routes',
  'route_categories',
  'post_categories',
  'symptoms',
  'posts',
  'files',
]

export function screensOf(role: number): readonly AdminScreen[] {
  if (role === Role.admin) return ADMIN_SCREENS
  if (role === Role.publisher) return PUBLISHER_SCREENS
  return []
}
