import { createContext, useContext } from 'react'
import type { Locale, Messages, Translate } from '#shared/i18n/index'
import type { Boot } from '#shared/page-data'
import type { Href } from './pages'

export type { PageProps } from '#shared/pages'

export interface PageContextValue {
  boot: Boot
  t: Translate
  /** The whole catalogue, for lists of texts (FAQ, testimonials). */
  messages: Messages
  locale: Locale
  /** A link to a page of the table in the current language: href('route', { slug }). */
  href: Href
}

export const PageContext = createContext<PageContextValue | null>(null)

export function usePage(): PageContextValue {
  const v = useContext(PageContext)
  if (!v) throw new Error('usePage outside <App>')
  return v
}

export const useT = () => usePage().t
