// Server data of the legal pages and of help in a crisis (issue 8 §5, §6).
import type { Context } from 'hono'
import { helpPageData, legalPageData, type HelpPageData, type LegalKind } from '#shared/contract/legal'
import { DEFAULT_CRISIS_COUNTRIES, isCrisisCode, type CrisisCode } from '#shared/crisis-lines'
import { LEGAL_DOCUMENTS, LEGAL_UPDATED } from '#shared/i18n/legal'
import type { Locale } from '#shared/i18n/index'
import type { AppEnv } from '#worker/env'
import { loader, withHead, type PageLoaders } from '#worker/ssr/page'

/**
 * The country a request comes from, as Cloudflare tells it (cf-ipcountry: ISO alpha-2; XX
 * unknown, T1 Tor), or null. The shared page cache keys the help page by the same value.
 */
export function requestCountry(c: Context<AppEnv>): string | null {
  const v = (c.req.header('cf-ipcountry') ?? '').trim().toUpperCase()
  return /^[A-Z]{2}$/.test(v) && v !== 'XX' ? v : null
}

/** The legal text of `kind` in the page's language; its first sentence describes the page. */
const legalDocument = (kind: LegalKind) =>
  loader(legalPageData, async ({ ctx }) => {
    const doc = LEGAL_DOCUMENTS[ctx.locale][kind]
    return withHead(
      { kind, updated: LEGAL_UPDATED, ...doc },
      { description: doc.intro[0] ?? null, modifiedTime: `${LEGAL_UPDATED}T00:00:00Z` },
    )
  })

export const legalLoaders: PageLoaders<'terms' | 'cookies' | 'privacy' | 'consent' | 'help' | 'offline'> = {
  terms: legalDocument('terms'),
  cookies: legalDocument('cookies'),
  privacy: legalDocument('privacy'),
  consent: legalDocument('consent'),

  // The lines of the person's country first: their profile's country and the country the request
  // comes from (both, when they differ: someone travelling needs the local numbers too), else the
  // language's default (es: Spain; en: the United Kingdom and the United States).
  help: loader(helpPageData, async ({ c, ctx }) =>
    withHead(helpFor(ctx.user?.row.countryCode, requestCountry(c), ctx.locale), { description: c.var.t('help.lead') }),
  ),
  offline: loader(helpPageData, async ({ c, ctx }) =>
    withHead(helpFor(ctx.user?.row.countryCode, requestCountry(c), ctx.locale), {
      description: c.var.t('offline.lead'),
    }),
  ),
}

function helpFor(profileCountry: string | null | undefined, here: string | null, locale: Locale): HelpPageData {
  const mine = profileCountry?.toUpperCase()
  const first: CrisisCode[] = []
  for (const code of [mine, here]) if (isCrisisCode(code) && !first.includes(code)) first.push(code)
  if (first.length) return { first, from: isCrisisCode(mine) ? 'user' : 'request' }
  return { first: DEFAULT_CRISIS_COUNTRIES[locale], from: 'language' }
}
