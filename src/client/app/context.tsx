import { createContext, useContext } from 'react'
import type { PageContextValue } from './links'

export type { PageProps } from '#shared/pages'

export const PageContext = createContext<PageContextValue | null>(null)

export function usePage(): PageContextValue {
  const v = useContext(PageContext)
  if (!v) throw new Error('usePage outside <App>')
  return v
}

export const useT = () => usePage().t
