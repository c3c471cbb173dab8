// The ad-agency rule of the route page (SPEC §2 Frame, §9): a visitor who came through a
// partner agency's ad sees the route without the header and navigation, so nothing pulls them
// away from the first audio. The first visit stores visited_at; visits within 24 hours of it
// hide them too; after that the page shows normally. They hide 1500 ms after the page opens.
import { useEffect } from 'react'
import { DELAYS_MS, HIDDEN_NAV_HOURS } from '#shared/limits'
import { readLocal, writeLocal } from '#client/stores/session.ts'

/** SPEC §9 "hidden-navigation rule 24 hours". */
export const HIDDEN_NAV_WINDOW_MS = HIDDEN_NAV_HOURS * 60 * 60 * 1000
/** The agency whose visitors get the focused page: the one SPEC names (the insomnia landing's). */
export const FOCUS_AGENCIES = ['adconver'] as const

/**
 * Whether navigation hides, and the visited_at to store (null: leave it). `agency` is the stored
 * agency ('na' or absent for none); `visitedAt` the stored first visit (ms).
 */
export function agencyFocus(
  agency: string | null,
  visitedAt: number | null,
  now: number,
): { hide: boolean; store: number | null } {
  if (!agency || !(FOCUS_AGENCIES as readonly string[]).includes(agency)) return { hide: false, store: null }
  if (visitedAt === null || !Number.isFinite(visitedAt)) return { hide: true, store: now }
  return { hide: now - visitedAt < HIDDEN_NAV_WINDOW_MS, store: null }
}

/** On a route page for visitors: apply the rule (an `agency` or `utm_agency` query parameter is stored first). */
export function useAgencyFocus(signedIn: boolean, query: Record<string, string>) {
  useEffect(() => {
    if (signedIn) return
    const fromQuery = query.agency ?? query.utm_agency
    if (fromQuery && /^[a-z0-9_-]{1,40}$/i.test(fromQuery)) writeLocal('agency', fromQuery.toLowerCase())
    const { hide, store } = agencyFocus(readLocal<string>('agency'), readLocal<number>('visited_at'), Date.now())
    if (store !== null) writeLocal('visited_at', store)
    if (!hide) return
    const id = window.setTimeout(() => document.documentElement.classList.add('nav-focus'), DELAYS_MS.navHide)
    return () => {
      window.clearTimeout(id)
      document.documentElement.classList.remove('nav-focus')
    }
  }, [signedIn, query])
}
