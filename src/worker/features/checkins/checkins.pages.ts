// The check-in's part of a page (issue 34 §4): /performance shows it beside the practice.
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import type { CheckinState } from '#shared/contract/checkins'
import { canonicalTimeZone } from '#shared/contract/fields'
import type { AppEnv } from '#worker/env'
import type { LoaderArgs } from '#worker/ssr/page'
import { checkinState } from './checkins.service'

/**
 * The zone a person's day is counted in: their profile's, else their browser's (the `tz`
 * cookie the page sets, ssr/pages.routes.ts TZ_COOKIE, or the `timezone` header SPEC §7 sends
 * with every call), else UTC. The profile's first, as for dates on pages (Boot.timeZone) and
 * streaks, so the page and the call agree on what "today" is.
 */
export function zoneOfRequest(c: Context<AppEnv>): string {
  for (const candidate of [c.var.user?.row?.timezone, getCookie(c, 'tz'), c.req.header('timezone')]) {
    const zone = candidate && canonicalTimeZone(candidate)
    if (zone) return zone
  }
  return 'UTC'
}

/** Today's check-in and the 30-day trend of the page's signed-in person. */
export const checkinOfPage = ({ c, ctx }: Pick<LoaderArgs, 'c' | 'ctx'>): Promise<CheckinState> =>
  checkinState(ctx, zoneOfRequest(c))
