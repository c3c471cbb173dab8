import { Suspense, lazy, useEffect, useState } from 'react'
import { usePage } from '#client/app/context.tsx'
import { forgetWholeRoute } from '#client/pwa/whole-route.ts'
import {
  forgetDownloads,
  formatSize,
  listDownloads,
  removeDownload,
  type Download,
} from '#client/pwa/downloads-kept.ts'
import { SIZE, SLUG, TITLE, paintedDownloads, type DownloadWords } from '#client/pwa/downloads-early.ts'

// The player only where the list plays (the Downloads screen), in its own chunk.
const Player = lazy(() => import('#client/features/playback/Player.tsx').then((m) => ({ default: m.Player })))
const nothing = () => {}

/**
 * The profile's "Downloads" (issue 23 §4): each unit downloaded on this device by this person,
 * with its size, the total, a remove button per unit and "remove all". Its own chunk: loaded
 * only on the profile, after hydration.
 */
export default function ProfileDownloads({
  user,
  screen = false,
}: {
  user: number
  /**
   * On the Downloads screen (issue 42 §4): the frame already shows the title (no second one), and
   * each unit has a play button that plays it here, from the device, online or not.
   */
  screen?: boolean
}) {
  const { t, locale, href } = usePage()
  // On the screen the list may have been drawn before React (pwa/downloads-early.ts): hydration
  // starts from the very list drawn, so it finds the DOM it renders (decision 081).
  const [list, setList] = useState<Download[] | null>(() => (screen ? paintedDownloads() : null))
  // The rows' words for that drawing, in the page's language (the same on the server and here).
  const words: DownloadWords | null = screen
    ? {
        play: `▶ ${t('playback.play')}`,
        playLabel: t('listening.play_download', { title: TITLE }),
        remove: t('playback.downloads.remove'),
        removeLabel: t('playback.downloads.remove_unit', { title: TITLE }),
        total: t('playback.downloads.total', { size: SIZE }),
        removeAll: t('playback.downloads.remove_all'),
        empty: t('playback.downloads.empty'),
        route: href('route', { slug: SLUG }),
      }
    : null
  const [playing, setPlaying] = useState<Download | null>(null)
  const reload = () => listDownloads(user).then(setList)
  useEffect(() => {
    void reload()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user])
  const total = list?.reduce((n, d) => n + d.size, 0) ?? 0
  return (
    <section
      className="profile-card profile-downloads"
      aria-labelledby={screen ? undefined : 'downloads-title'}
      aria-label={screen ? t('playback.downloads.title') : undefined}
      data-testid="profile-downloads"
      data-loaded={list ? 'true' : undefined}
      data-words={words ? JSON.stringify(words) : undefined}
    >
      {!screen && <h2 id="downloads-title">{t('playback.downloads.title')}</h2>}
      <p className="field-hint">{t('playback.downloads.hint')}</p>
      {playing && (
        <Suspense fallback={null}>
          <Player
            key={`${playing.route_id}-${playing.unit.id}`}
            unit={playing.unit}
            routeTitle={playing.route_title}
            routeCover={playing.route_cover ?? null}
            autoPlay
            onSaved={nothing}
            onEnded={nothing}
            onPlay={nothing}
          />
        </Suspense>
      )}
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
                    </a>
                    {/* One text node (not ' ' and '· '): pwa/downloads-early.ts writes the same. */}
                    {' · '}
                    <span data-testid="download-size">{formatSize(d.size, locale)}</span>
                  </p>
                </div>
                <div className="download-actions">
                  {screen &&
                    (playing?.unit.id === d.unit.id ? (
                      <span className="chip chip-current" data-testid="download-playing">
                        {t('listening.playing_download')}
                      </span>
                    ) : (
                      <button
                        type="button"
                        className="button button-small button-primary"
                        onClick={() => setPlaying(d)}
                        aria-label={t('listening.play_download', { title: d.unit.title })}
                        data-testid="download-play"
                      >
                        {`▶ ${t('playback.play')}`}
                      </button>
                    ))}
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() => {
                      if (playing?.unit.id === d.unit.id) setPlaying(null)
                      forgetWholeRoute(user, d.route_id)
                      void removeDownload(user, d.unit.id).then(reload)
                    }}
                    aria-label={t('playback.downloads.remove_unit', { title: d.unit.title })}
                    data-testid="download-remove"
                  >
                    {t('playback.downloads.remove')}
                  </button>
                </div>
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
              onClick={() => {
                setPlaying(null)
                forgetWholeRoute(user)
                void forgetDownloads().then(reload)
              }}
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
