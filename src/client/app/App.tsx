import { useMemo, type ComponentType } from 'react'
import { createTranslator, type Messages } from '#shared/i18n/index'
import type { Boot } from '#shared/page-data'
import { PageContext, makeHref, type PageProps } from './context'
import { BottomNav, Footer, Header } from './Frame'
import { Toasts } from './Toasts'

export interface AppProps {
  boot: Boot
  messages: Messages
  Page: ComponentType<PageProps<any>>
}

/** The shell every page renders in, the same on the server and in the browser. */
export function App({ boot, messages, Page }: AppProps) {
  const ctx = useMemo(
    () => ({ boot, messages, locale: boot.locale, t: createTranslator(boot.locale, messages), href: makeHref(boot.locale) }),
    [boot, messages],
  )
  const loggedIn = !!boot.user
  return (
    <PageContext.Provider value={ctx}>
      <a className="skip" href="#main">{ctx.t('frame.skip')}</a>
      {!boot.bare && <Header />}
      <main id="main" className={`page page-${boot.page}${loggedIn && !boot.bare ? ' with-bottom-nav' : ''}`}>
        <Page data={boot.data} boot={boot} />
      </main>
      {!boot.bare && loggedIn && <BottomNav />}
      {!boot.bare && !loggedIn && <Footer />}
      <Toasts />
    </PageContext.Provider>
  )
}
