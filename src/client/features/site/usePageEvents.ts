import { useEffect } from 'react'
import type { Boot } from '#shared/page-data'

/**
 * Every page: the first-party session (SPEC §7 GET /session); route pages send `visit` and
 * `page_view`, post pages `page_view` (SPEC §2, §7 notes). First-party only (tracking.ts).
 * Loaded after the page is up: the calls' contract (zod) stays out of the first page's code.
 */
export function usePageEvents(boot: Pick<Boot, 'page' | 'path' | 'query' | 'status'>) {
  useEffect(() => {
    void import('./tracking').then(({ startSession, trackEvent }) => {
      void startSession(boot.path, boot.query)
      if (boot.status >= 400) return
      const slug = boot.path.split('/').pop() ?? ''
      if (boot.page === 'route') {
        void trackEvent('visit', { page: boot.path, route: slug })
        void trackEvent('page_view', { page: boot.path, route: slug })
      } else if (boot.page === 'post') {
        void trackEvent('page_view', { page: boot.path, post: slug })
      }
    })
  }, [boot.page, boot.path, boot.query, boot.status])
}

/** SPEC §7 POST /translation, loaded only when a key is missing. */
export function reportMissingLater(key: string) {
  void import('./tracking').then(({ reportMissing }) => reportMissing(key))
}
