// The two landings (SPEC §2 "Public and acquisition", §9 utm): which plan category each serves
// and the route it sends a new person to after 3 s (and that the welcome mail's link opens).
// SPEC names the Spanish slugs; the English ones are the same seeded routes in English.
import type { PlanCategory } from './enums'
import type { Locale } from './i18n/index'

export const LANDING_ROUTE: Record<PlanCategory, Record<Locale, string>> = {
  insomnia: { es: '4-ejercicios-para-el-insomnio', en: '4-exercises-for-insomnia' },
  anxiety: { es: 'descubre-y-comprende-tus-emociones', en: 'discover-and-understand-your-emotions' },
}

/** SPEC §9: the insomnia landing sets agency adconver and category insomnia. */
export const LANDING_UTM: Record<PlanCategory, { agency?: string; category: PlanCategory }> = {
  insomnia: { agency: 'adconver', category: 'insomnia' },
  anxiety: { category: 'anxiety' },
}
