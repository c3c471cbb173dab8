// The ad-agency rule of the route page (SPEC §2, §9: 24 hours).
import { describe, expect, it } from 'vitest'
import { agencyFocus, HIDDEN_NAV_WINDOW_MS } from '#client/features/content/agency.ts'

describe('agencyFocus', () => {
  const now = Date.UTC(2026, 10, 23, 12)
  it('hides navigation on the first visit from the agency and stores the time', () => {
    expect(agencyFocus('adconver', null, now)).toEqual({ hide: true, store: now })
  })
  it('keeps hiding within 24 hours of the first visit, then shows normally', () => {
    expect(agencyFocus('adconver', now - HIDDEN_NAV_WINDOW_MS + 1000, now)).toEqual({ hide: true, store: null })
    expect(agencyFocus('adconver', now - HIDDEN_NAV_WINDOW_MS, now)).toEqual({ hide: false, store: null })
  })
  it('does nothing for other or no agencies', () => {
    expect(agencyFocus('na', null, now)).toEqual({ hide: false, store: null })
    expect(agencyFocus(null, null, now)).toEqual({ hide: false, store: null })
  })
})
