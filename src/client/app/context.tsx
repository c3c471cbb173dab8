import { createContext, useContext } from 'react'
import { localizePath, type Locale, type Messages, type Translate } from '#shared/i18n/index'
import type { Boot } from '#shared/page-data'

export interface PageContextValue {
  boot: Boot
  t: Translate
  /** The whole catalogue, for lists of texts (FAQ, testimonials). */
  messages: Messages
  locale: Locale
  /** A locale-free path as a link in the current language. */
  href: (path: string) => string
}

export const PageContext = createContext<PageContextValue | null>(null)

export function usePage(): PageContextValue {
  const v = useContext(PageContext)
  if (!v) throw new Error('usePage outside <App>')
  return v
}

export const useT = () => usePage().t

export function makeHref(locale: Locale) {
  return (path: string) => localizePath(path, locale)
}

/** What every page component receives. */
export interface PageProps<D = unknown> {
  data: D
  boot: Boot<D>
}
