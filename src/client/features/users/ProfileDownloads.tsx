import { useEffect, useState } from 'react'
import { usePage } from '#client/app/context.tsx'
import { forgetDownloads, formatSize, listDownloads, removeDownload, type Download } from '#client/pwa/downloads.ts'

/**
 * The profile's "Downloads" (issue 23 §4): each unit downloaded on this device by this person,
 * with its size, the total, a remove button per unit and "remove all". Its own chunk: loaded
 * only on the profile, after hydration.
 */
export default function ProfileDownloads({ user }: { user: number }) {
  const { t, locale, href } = usePage()
  const [list, setList] = useState<Download[] | null>(null)
  const reload = () => listDownloads(user).then(setList)
  useEffect(() => {
    void reload()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user])
  const total = list?.reduce((n, d) => n + d.size, 0) ?? 0
  return (
    <section
      className="profile-card profile-downloads"
      aria-labelledby="downloads-title"
      data-testid="profile-downloads"
      data-loaded={list ? 'true' : undefined}
    >
      <h2 id="downloads-title">{t('playback.downloads.title')}</h2>
      <p className="field-hint">{t('playback.downloads.hint')}</p>
      {list && list.length === 0 && (
        <p className="empty" data-testid="downloads-empty">
          {t('playback.downloads.empty')}
        </p>
      )}
      {list && list.length > 0 && (
        <>
          <ul className="downloads-list">
            {list.map((d) => (
              <li
                key={`${d.route_id}-${d.unit.id}`}
                className="profile-row"
                data-testid="download-item"
                data-unit={d.unit.id}
              >
                <div>
                  <strong>{d.unit.title}</strong>
                  <p className="field-hint">
                    <a href={d.page ?? href('route', { slug: d.route_slug })} data-testid="download-route">
                      {d.route_title}
                    </a>{' '}
                    · <span data-testid="download-size">{formatSize(d.size, locale)}</span>
                  </p>
                </div>
                <button
                  type="button"
                  className="button button-small"
                  onClick={() => void removeDownload(user, d.unit.id).then(reload)}
                  aria-label={t('playback.downloads.remove_unit', { title: d.unit.title })}
                  data-testid="download-remove"
                >
                  {t('playback.downloads.remove')}
                </button>
              </li>
            ))}
          </ul>
          <div className="profile-row">
            <strong data-testid="downloads-total">
              {t('playback.downloads.total', { size: formatSize(total, locale) })}
            </strong>
            <button
              type="button"
              className="button button-small button-danger"
              onClick={() => void forgetDownloads().then(reload)}
              data-testid="downloads-remove-all"
            >
              {t('playback.downloads.remove_all')}
            </button>
          </div>
        </>
      )}
    </section>
  )
}
