import { useEffect, useState } from 'react'
import { usePage } from '#client/app/context.tsx'
import type { Download } from '#client/pwa/downloads-kept.ts'

/**
 * On the offline page (issue 34 §2): the routes this session downloaded on this device, each a
 * link to its route page, kept with the download, where its units play without internet. Read
 * on the device after hydration (the page itself is nobody's); never another session's
 * (decision 039: the records of the device's current session only).
 */
export function OfflineDownloads() {
  const { t, href } = usePage()
  const [list, setList] = useState<Download[]>([])
  useEffect(() => {
    if (typeof indexedDB === 'undefined') return
    void import('#client/pwa/downloads-kept.ts').then((m) => m.listSessionDownloads()).then(setList)
  }, [])
  const routes = [...new Map(list.map((d) => [d.page ?? href('route', { slug: d.route_slug }), d])).entries()]
  if (!routes.length) return null
  return (
    <section className="offline-downloads" aria-labelledby="offline-downloads-title" data-testid="offline-downloads">
      <h2 id="offline-downloads-title">{t('playback.downloads_screen.offline_title')}</h2>
      <p>{t('playback.downloads_screen.lead')}</p>
      <ul>
        {routes.map(([path, d]) => (
          <li key={path}>
            <a className="button" href={path} data-testid="offline-download">
              {t('playback.downloads_screen.play_route', { title: d.route_title })}
            </a>{' '}
            <span className="field-hint">
              {t('playback.downloads_screen.units', { n: list.filter((x) => x.route_id === d.route_id).length })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
