// What Calma sells (issue 10 §1; SPEC §9), said once for the server, the pages and the tests.
// SPEC §9 states: a session costs 45$; the monthly plan includes 4 sessions a month; a
// 2-session bundle saves $10 and 4 sessions save $20; the yearly plan gives 2 months free.
// The figures SPEC leaves open (the monthly plan's price) follow from those: the monthly plan
// costs what its 4 sessions cost in the 4-session bundle. docs/API.md "Payments" explains them.
import { SESSION_PRICE_CENTS, INCLUDED_SESSIONS_PER_MONTH } from './limits'

export type CatalogueItemId = 'monthly' | 'yearly' | 'credits_1' | 'credits_2' | 'credits_4'

export interface CatalogueItem {
  id: CatalogueItemId
  /** 'subscription': recurrent (SPEC §4 type 1); 'credits': a pay-as-you-go pack (type 2). */
  kind: 'subscription' | 'credits'
  interval: 'month' | 'year' | null
  /** What the person pays, in cents (USD). */
  price_cents: number
  /** Sessions it gives: a pack's sessions, or a plan's sessions every month. */
  sessions: number
  /** Credits written to the ledger: a pack at once; a plan every month (4 × 45$). */
  credit_cents: number
  /** What it saves: against single sessions (packs, the monthly plan); against 12 monthly payments (the yearly plan). */
  savings_cents: number
  /** Free months of the yearly plan. */
  months_free: number
}

const MONTHLY_CENTS = 4 * SESSION_PRICE_CENTS - 2000 // 4 sessions, saving $20: $160 a month
const MONTH_GRANT = INCLUDED_SESSIONS_PER_MONTH * SESSION_PRICE_CENTS

export const CATALOGUE: readonly CatalogueItem[] = [
  {
    id: 'monthly',
    kind: 'subscription',
    interval: 'month',
    price_cents: MONTHLY_CENTS,
    sessions: INCLUDED_SESSIONS_PER_MONTH,
    credit_cents: MONTH_GRANT,
    savings_cents: MONTH_GRANT - MONTHLY_CENTS,
    months_free: 0,
  },
  // 2 months free: 10 months' price for 12 months of sessions.
  {
    id: 'yearly',
    kind: 'subscription',
    interval: 'year',
    price_cents: 10 * MONTHLY_CENTS,
    sessions: INCLUDED_SESSIONS_PER_MONTH,
    credit_cents: MONTH_GRANT,
    savings_cents: 2 * MONTHLY_CENTS,
    months_free: 2,
  },
  {
    id: 'credits_1',
    kind: 'credits',
    interval: null,
    price_cents: SESSION_PRICE_CENTS,
    sessions: 1,
    credit_cents: SESSION_PRICE_CENTS,
    savings_cents: 0,
    months_free: 0,
  },
  {
    id: 'credits_2',
    kind: 'credits',
    interval: null,
    price_cents: 2 * SESSION_PRICE_CENTS - 1000,
    sessions: 2,
    credit_cents: 2 * SESSION_PRICE_CENTS,
    savings_cents: 1000,
    months_free: 0,
  },
  {
    id: 'credits_4',
    kind: 'credits',
    interval: null,
    price_cents: 4 * SESSION_PRICE_CENTS - 2000,
    sessions: 4,
    credit_cents: 4 * SESSION_PRICE_CENTS,
    savings_cents: 2000,
    months_free: 0,
  },
]

export const CATALOGUE_IDS = CATALOGUE.map((i) => i.id) as [CatalogueItemId, ...CatalogueItemId[]]

export function catalogueItem(id: string): CatalogueItem | undefined {
  return CATALOGUE.find((i) => i.id === id)
}

// Their own module (money.ts): a page that shows a balance loads no catalogue (decision 069).
export { formatDollars, formatMoney } from './money'

/**
 * A mobile device, as SPEC §6 means it ("Subscriptions are temporarily disabled from mobile
 * devices"): the browser says so in its client hint (Sec-CH-UA-Mobile: ?1) or its user agent
 * names a phone or tablet. The window's width is not a device (a narrow desktop window may buy).
 */
export function isMobileDevice(userAgent: string | null | undefined, mobileHint?: string | null): boolean {
  if (mobileHint === '?1') return true
  return /\b(Mobi|Android|iPhone|iPad|iPod|Windows Phone)\b/i.test(userAgent ?? '')
}
