// Money as the app writes it, on its own so a page that shows a balance (the profile) does not
// bring the catalogue (decision 069); catalogue.ts re-exports both.

/**
 * Money in the person's language, the one way the app writes it to people (pages and mails):
 * '$45.00' in English, '45,00 $' in Spanish (SPEC §3 "$ sign"; docs/API.md "Money").
 */
export function formatMoney(cents: number, locale: 'es' | 'en', currency = 'usd'): string {
  return new Intl.NumberFormat(locale === 'es' ? 'es-ES' : 'en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    currencyDisplay: 'narrowSymbol',
  }).format(cents / 100)
}

/** The same for an amount the API gives in dollars (balances, refunds): 45 → '45,00 $' / '$45.00'. */
export const formatDollars = (dollars: number, locale: 'es' | 'en') => formatMoney(Math.round(dollars * 100), locale)
