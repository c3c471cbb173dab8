import { useCallback, useEffect, useState } from 'react'
import type { UnitStateDto } from '#shared/contract/playback'
import { call, contract } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import type { Progress, RouteRef } from '#client/pwa/downloads.ts'
import { keepWholeRoute } from '#client/pwa/whole-route.ts'

const { listRouteUnits } = contract(() => import('#shared/contract/playback'))

type Playable = UnitStateDto & { media: NonNullable<UnitStateDto['media']> }
/** 'route', or the id of the one unit being downloaded. */
type Scope = 'route' | number

export interface Downloads {
  ids: Set<number>
  /** The device's list was read (`ids` is not just the empty start). */
  ready: boolean
  job: { scope: Scope; progress: Progress } | null
  error: { scope: Scope; kind: 'quota' | 'unsupported' | 'failed' } | null
  start: (route: RouteRef, units: Playable[], scope: Scope) => void
}

// The download code (idb-keyval, the cache) loads only when a signed-in person opens a route.
const lib = () => import('#client/pwa/downloads.ts')

/** Which units of this person are downloaded on this device, and the download under way. */
export function useDownloads(user: number | null): Downloads {
  const { href } = usePage()
  const screen = href('downloads')
  const [ids, setIds] = useState<Set<number>>(() => new Set())
  const [ready, setReady] = useState(false)
  const [job, setJob] = useState<Downloads['job']>(null)
  const [error, setError] = useState<Downloads['error']>(null)
  useEffect(() => {
    if (user === null || typeof indexedDB === 'undefined') return
    let live = true
    // Offline before the code came (the part wakes at the first touch, maybe just before the
    // network went): nothing to list, and no error for the page.
    void lib()
      .then((m) => m.listDownloads(user))
      .then((list) => {
        if (!live) return
        setIds(new Set(list.map((d) => d.unit.id)))
        setReady(true)
      })
      .catch(() => {})
    return () => {
      live = false
    }
  }, [user])
  const start = useCallback(
    (route: RouteRef, units: Playable[], scope: Scope) => {
      if (user === null || job) return
      setError(null)
      // "The whole route": the units that unlock later follow when the route is opened online.
      if (scope === 'route') keepWholeRoute(user, route.id)
      const todo = units.filter((u) => !ids.has(u.id))
      void lib().then(async (m) => {
        try {
          await m.downloadUnits(
            user,
            {
              id: route.id,
              slug: route.slug,
              title: route.title,
              path: href('route', { slug: route.slug }),
              cover: route.cover ?? null,
            },
            todo,
            (progress) => setJob({ scope, progress }),
            // Kept with it, whatever the visit (issue 34 §2): the route page and the Downloads screen.
            [href('route', { slug: route.slug }), screen],
          )
        } catch (err) {
          const kind =
            err instanceof m.QuotaError ? 'quota' : err instanceof m.UnsupportedError ? 'unsupported' : 'failed'
          setError({ scope, kind })
          if (kind === 'failed') console.warn('[downloads] failed:', err instanceof Error ? err.message : err)
        } finally {
          // The list first, then the end of the job: nothing reads a finished job with the old list.
          const list = await m.listDownloads(user).catch(() => null)
          if (list) setIds(new Set(list.map((d) => d.unit.id)))
          setJob(null)
        }
      })
    },
    [user, job, ids, href, screen],
  )
  return { ids, ready, job, error, start }
}

/**
 * "Download" for one unit or the whole route: progress while it runs, then "Downloaded". For the
 * route, `total` is how many units it has: when some are still locked, the end says how many
 * were kept and that the rest follow as they unlock (issue 42 §4).
 */
export function DownloadBar({
  downloads,
  route,
  units,
  unit,
  label,
  total,
}: {
  downloads: Downloads
  route: RouteRef
  units: Playable[]
  unit?: boolean
  label?: 'playback.downloads.next_units'
  total?: number
}) {
  const { t, locale } = usePage()
  const [size, setSize] = useState<((b: number, l: string) => string) | null>(null)
  useEffect(() => {
    void lib()
      .then((m) => setSize(() => m.formatSize))
      .catch(() => {})
  }, [])
  if (!units.length || typeof window === 'undefined') return null
  const scope: Scope = unit ? units[0]!.id : 'route'
  const done = units.every((u) => downloads.ids.has(u.id))
  const job = downloads.job?.scope === scope ? downloads.job : null
  const error = downloads.error?.scope === scope ? downloads.error : null
  const testid = unit ? 'unit-download' : 'route-download'
  return (
    <div
      className={unit ? 'download download-unit' : 'download download-route'}
      data-testid={testid}
      data-state={job ? 'running' : done ? 'done' : error ? 'error' : 'idle'}
    >
      {job ? (
        <span className="download-progress" role="status" data-testid="download-progress">
          <progress max={Math.max(1, job.progress.total)} value={job.progress.done} aria-hidden="true" />
          {t('playback.downloads.downloading', {
            done: job.progress.done,
            total: job.progress.total,
            size: size ? size(job.progress.bytes, locale) : '',
          })}
        </span>
      ) : done ? (
        <span className="chip chip-done" data-testid="download-done">
          ✓{' '}
          {unit
            ? t('playback.downloads.downloaded')
            : label
              ? t('playback.downloads.next_downloaded')
              : total && total > units.length
                ? t('listening.route_kept', { n: units.length, total })
                : t('playback.downloads.route_downloaded')}
        </span>
      ) : (
        <button
          type="button"
          className="button button-small"
          disabled={!!downloads.job}
          onClick={() => downloads.start(route, units, scope)}
          aria-label={unit ? t('playback.downloads.download_unit', { title: units[0]!.title }) : undefined}
          data-testid="download-start"
        >
          ↓ {t(label ?? (unit ? 'playback.downloads.download' : 'playback.downloads.download_route'))}
        </button>
      )}
      {error && (
        <p className="form-alert form-alert-danger download-error" role="alert" data-testid="download-error">
          {t(`playback.downloads.${error.kind}`)}
        </p>
      )}
    </div>
  )
}

const isPlayable = (u: UnitStateDto): u is Playable => u.lock === null && u.media !== null
/** How many units "the next units of my plan" downloads. */
const NEXT_UNITS = 3

/**
 * On the journey (issue 23 §4): "Download the next units of my plan", the next units not yet
 * completed that the person may play on the route they continue with. Asked on the click only.
 */
export function NextUnitsDownload({ route, planId, user }: { route: RouteRef; planId: number; user: number }) {
  const { t } = usePage()
  const downloads = useDownloads(user)
  const [units, setUnits] = useState<Playable[] | null>(null)
  const [failed, setFailed] = useState(false)
  // Offline (the page shown from its kept copy, issue 23 §6) there is nothing to download from.
  const [offline, setOffline] = useState(false)
  useEffect(() => setOffline(!!document.documentElement.dataset.offline), [])
  const ask = async () => {
    setFailed(false)
    const res = await call(listRouteUnits, { input: { route: String(route.id), plan_id: planId }, silent: true })
    if (!res.success) return setFailed(true)
    const next = res.units
      .filter(isPlayable)
      .filter((u) => !u.completed)
      .slice(0, NEXT_UNITS)
    setUnits(next)
    if (next.length) downloads.start(route, next, 'route')
  }
  if (offline) return null
  if (units?.length)
    return <DownloadBar downloads={downloads} route={route} units={units} label="playback.downloads.next_units" />
  return (
    <div className="download download-route" data-testid="next-download" data-state={units ? 'done' : 'idle'}>
      {units ? (
        <span className="chip chip-done" data-testid="download-done">
          ✓ {t('playback.downloads.downloaded')}
        </span>
      ) : (
        <button type="button" className="button button-small" onClick={() => void ask()} data-testid="download-start">
          ↓ {t('playback.downloads.next_units')}
        </button>
      )}
      {failed && (
        <p className="form-alert form-alert-danger download-error" role="alert" data-testid="download-error">
          {t('playback.downloads.failed')}
        </p>
      )}
    </div>
  )
}
