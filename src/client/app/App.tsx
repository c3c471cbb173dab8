import { useEffect, useMemo, type ComponentType } from 'react'
import { createTranslator, type Messages } from '#shared/i18n/index'
import type { Boot } from '#shared/page-data'
import type { PageProps } from '#shared/pages'
import { PageContext } from './context'
import { BottomNav, Header } from './Frame'
import { makeHref } from './pages'
import { Toasts } from './Toasts'
import { untilTouched } from '#client/components/TouchPart.tsx'
import { MARKETING_PAGES, readConsent } from '#client/features/site/consent/consent.ts'
// With the page, not the banner's chunk: the server's banner is painted styled before its code comes.
import '#client/features/site/consent/consent.css'
import { reportMissingLater } from '#client/features/site/usePageEvents.ts'

export interface AppProps {
  boot: Boot
  messages: Messages
  /** The page's component, from its entry in the page table (its data type was checked there). */
  Page: ComponentType<PageProps<unknown>>
  /** Called once the page has hydrated (the browser's entry marks the page and starts the service worker). */
  onHydrated?: () => void
}

/**
 * The cookie banner is painted by the server and hydrated at the first touch (decisions 069, 071),
 * or at once on a marketing page whose kept choice lets a vendor run (the vendors load from its
 * effect). A press on it before its code is there is held by TouchPart and given again once it has
 * hydrated, a visitor's press before React included (e2e site: "a press on the banner before React").
 */
const ConsentBanner = untilTouched(
  () => import('#client/features/site/consent/ConsentBanner.tsx').then((m) => m.ConsentBanner),
  ({ page }: { page: string }) => {
    const c = readConsent()
    return !!c && (c.analytics || c.ads) && MARKETING_PAGES.has(page)
  },
)

/**
 * The footer is a visitor's (a signed-in page has none): its code is not in the frame's chunk but
 * its own, hydrated at the first touch like the banner (its one control, 'Cookie settings', is
 * held until then; decision 071).
 */
const Footer = untilTouched(() => import('./Footer').then((m) => m.Footer))

/** The shell every page renders in, the same on the server and in the browser. */
export function App({ boot, messages, Page, onHydrated }: AppProps) {
  const ctx = useMemo(
    () => ({
      boot,
      messages,
      locale: boot.locale,
      t: createTranslator(boot.locale, messages, typeof window === 'undefined' ? undefined : reportMissingLater),
      href: makeHref(boot.locale),
    }),
    [boot, messages],
  )
  const loggedIn = !!boot.user
  useEffect(() => onHydrated?.(), [onHydrated])
  return (
    <PageContext.Provider value={ctx}>
      <a className="skip" href="#main">
        {ctx.t('frame.skip')}
      </a>
      {!boot.bare && <Header />}
      <main id="main" className={`page page-${boot.page}${loggedIn && !boot.bare ? ' with-bottom-nav' : ''}`}>
        <Page data={boot.data} boot={boot} />
      </main>
      {!boot.bare && loggedIn && <BottomNav />}
      {!boot.bare && !loggedIn && <Footer />}
      <Toasts />
      <ConsentBanner page={boot.page} />
    </PageContext.Provider>
  )
}
