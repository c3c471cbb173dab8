import type { Boot } from '#shared/page-data'

/**
 * Every page: the first-party session (SPEC §7 GET /session); route pages send `visit` and
 * `page_view`, post pages `page_view` (SPEC §2, §7 notes). First-party only (tracking.ts).
 * Sent by the page's first script (entry.tsx), before React and whether or not it ever comes (a
 * visitor's page hydrates at their first touch): the calls' contract (zod) stays out of it.
 */
export function sendPageEvents(boot: Pick<Boot, 'page' | 'path' | 'query' | 'status'>) {
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
}

/** SPEC §7 POST /translation, loaded only when a key is missing. */
export function reportMissingLater(key: string) {
  void import('./tracking').then(({ reportMissing }) => reportMissing(key))
}
