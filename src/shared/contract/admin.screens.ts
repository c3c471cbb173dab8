// Which admin screens each role gets (SPEC §6; docs/API.md "Admin"). The page offers these and
// the server's guards say the same thing call by call; the page is never what protects a call.
import { Role } from '#shared/enums'

/** Content only (routes, units, symptoms, categories, posts, files): the publishers' screens, and the admin's first. */
const CONTENT_SCREENS = ['routes', 'route_categories', 'post_categories', 'symptoms', 'posts', 'files'] as const

export const ADMIN_SCREENS = [
  ...CONTENT_SCREENS,
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

/** Publishers: content only. */
export const PUBLISHER_SCREENS: readonly AdminScreen[] = CONTENT_SCREENS

export function screensOf(role: number): readonly AdminScreen[] {
  if (role === Role.admin) return ADMIN_SCREENS
  if (role === Role.publisher) return PUBLISHER_SCREENS
  return []
}
