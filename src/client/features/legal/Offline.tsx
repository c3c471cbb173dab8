import type { HelpPageData } from '#shared/contract/legal'
import { usePage, type PageProps } from '#client/app/context.tsx'
import Help from './Help'
import { OfflineDownloads } from './OfflineDownloads'

/**
 * The app's own offline page (issue 23 §3): what the service worker answers for a page it cannot
 * fetch and never kept. It says so in the person's language and keeps the crisis lines (plain
 * tel: links) and the way to /help, which the service worker also keeps.
 */
export default function Offline({ data, boot }: PageProps<HelpPageData>) {
  const { t, href } = usePage()
  return (
    <>
      <section className="offline-page" role="status" data-testid="offline-page">
        <h1>{t('offline.title')}</h1>
        <p>{t('offline.lead')}</p>
        <p className="offline-actions">
          <a className="button button-primary" href={href('help')}>
            {t('offline.to_help')}
          </a>{' '}
          <button className="button" type="button" onClick={() => window.location.reload()}>
            {t('offline.retry')}
          </button>
        </p>
      </section>
      <OfflineDownloads />
      <Help data={data} boot={{ ...boot, title: t('help.title') }} />
    </>
  )
}
