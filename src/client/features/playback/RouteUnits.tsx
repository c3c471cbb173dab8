import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { RouteDto } from '#shared/contract/content'
import type { RouteProgressDto, UnitStateDto } from '#shared/contract/playback'
import { call, contract } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { isOffline } from '#client/pwa/register.ts'
import type { RouteRef } from '#client/pwa/downloads.ts'
import { wholeRouteKept } from '#client/pwa/whole-route.ts'
import { DownloadBar, useDownloads, type Downloads } from './Downloads'
import { Player, type PlayableUnit } from './Player'
import type { SavedProgress } from './progress'
import { pickCurrent } from './rules'
import { awake } from './sleep'
import { useContinuous } from './useContinuous'
import './player.css'

const { listRouteUnits } = contract(() => import('#shared/contract/playback'))
const { myPlanStatus } = contract(() => import('#shared/contract/plans'))

async function planMayBeFinished(planId: number | undefined, finishedPage: string) {
  const res = await call(myPlanStatus, { input: planId ? { plan_id: planId } : {} })
  if (res.success && res.status.just_finished) window.location.href = finishedPage
}

const playable = (u: UnitStateDto | undefined): u is PlayableUnit => !!u && u.lock === null && u.media !== null

/**
 * The units of a route with the player (issue 6 §4-§5). The server renders the list from the
 * route page's data (visitors: a sign-in link per unit, SPEC §2 "Units need login to play");
 * after hydration a signed-in person's state of each unit comes from GET /v1/route/units:
 * progress, locks, the player on the unit where they left off, resumed at their position.
 * Finishing a unit unlocks the next one here, without a reload.
 */
export default function RouteUnits({ route }: { route: RouteDto }) {
  const { t, href, boot } = usePage()
  const signedIn = !!boot.user
  const [units, setUnits] = useState<UnitStateDto[] | null>(null)
  const [progress, setProgress] = useState<RouteProgressDto | null>(null)
  const [currentId, setCurrentId] = useState<number | null>(null)
  const [autoPlay, setAutoPlay] = useState(false)

  const planId = /^\d+$/.test(boot.query.plan_id ?? '') ? Number(boot.query.plan_id) : undefined

  const userId = boot.user?.id ?? null
  const downloads = useDownloads(userId)
  const [offline, setOffline] = useState(false)
  const cover = route.images?.cover ?? null
  const ref = useMemo<RouteRef>(
    () => ({ id: route.id, slug: route.slug, title: route.title, cover }),
    [route.id, route.slug, route.title, cover],
  )

  const load = useCallback(async () => {
    // Offline (issue 23 §4): the personal call is never cached; the units downloaded here play.
    const fromDownloads = async () => {
      if (userId === null) return
      const m = await import('#client/pwa/downloads.ts')
      const mine = (await m.listDownloads(userId)).filter((d) => d.route_id === route.id).map((d) => d.unit)
      setOffline(true)
      setUnits(mine)
      setCurrentId((id) => id ?? pickCurrent(mine))
    }
    if (isOffline()) return fromDownloads()
    const res = await call(listRouteUnits, { input: { route: String(route.id), plan_id: planId }, silent: true })
    if (!res.success) return res.status === 0 ? fromDownloads() : undefined
    setOffline(false)
    setUnits(res.units)
    setProgress(res.progress)
    setCurrentId((id) => id ?? pickCurrent(res.units))
  }, [route.id, planId, userId])

  useEffect(() => {
    if (signedIn) void load()
  }, [signedIn, load])

  const choose = useCallback((id: number) => {
    setAutoPlay(true)
    setCurrentId(id)
    if (typeof document !== 'undefined')
      document.getElementById('route-player')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })
  }, [])
  // What continuous play reads when a save's answer has no units (a unit heard again).
  const listed = useRef(units)
  listed.current = units
  const known = useCallback(() => listed.current, [])
  const night = useContinuous(choose, known)
  /** A unit chosen by hand: the person is awake, it plays even after the sleep timer stopped. */
  const pick = useCallback(
    (id: number) => {
      awake()
      choose(id)
    },
    [choose],
  )
  const { clearRest } = night
  // Another unit chosen: the word that continuous play rested goes.
  useEffect(() => clearRest(), [currentId, clearRest])
  const movedOn = night.saved
  const onSaved = useCallback(
    (saved: SavedProgress) => {
      movedOn(saved)
      setProgress(saved.progress)
      // The save that completed the route may have finished the plan (SPEC §4): the status call
      // finds it, once, and the person sees the congratulation on the plan-finished page.
      if (saved.units && saved.progress.progress >= 100) void planMayBeFinished(planId, href('planFinished'))
      if (saved.units) return setUnits(saved.units)
      setUnits(
        (list) =>
          list?.map((u) =>
            u.id === saved.unit.id
              ? {
                  ...u,
                  position: saved.unit.position,
                  completed: saved.unit.completed,
                  completed_at: saved.unit.completed_at,
                }
              : u,
          ) ?? null,
      )
    },
    [planId, href, movedOn],
  )

  // "Download the whole route" kept what was open then; a unit unlocked since follows it here,
  // online, once per page (issue 42 §4: the rest come as they unlock).
  const followed = useRef(new Set<number>())
  const { ready, job, ids, start, error } = downloads
  useEffect(() => {
    // Not after a download that failed (the full storage, the network): the person reads why,
    // and chooses again; the next visit tries what is still missing.
    if (!units || offline || !ready || job || error || userId === null || !wholeRouteKept(userId, route.id)) return
    const missing = units.filter(playable).filter((u) => !ids.has(u.id) && !followed.current.has(u.id))
    if (!missing.length) return
    for (const u of missing) followed.current.add(u.id)
    start(ref, missing, 'route')
  }, [units, offline, ready, job, error, ids, start, userId, route.id, ref])

  const index = units?.findIndex((u) => u.id === currentId) ?? -1
  const current = units?.[index]
  const after = units?.[index + 1]
  const login = href('login', { query: { redirect: href('route', { slug: route.slug }) } })
  // Before the states arrive (and always for visitors) the list is the route page's own data.
  const rows: {
    id: number
    title: string
    description: string | null
    duration_seconds: number | null
    state?: UnitStateDto
  }[] = units?.map((u) => ({ ...u, state: u })) ?? route.units ?? []

  return (
    <div className="route-units" data-testid="route-units" data-loaded={units ? 'true' : undefined}>
      {signedIn && progress && (
        <div className="route-progress" data-testid="route-progress">
          <progress max={Math.max(1, progress.visible_units)} value={progress.completed_units} aria-hidden="true" />
          <span>{t('playback.route_progress', { done: progress.completed_units, total: progress.visible_units })}</span>
        </div>
      )}
      {offline && (
        <p className="downloads-offline" role="status" data-testid="downloads-offline">
          {t('playback.downloads.offline_units')}
        </p>
      )}
      {signedIn && units && !offline && (
        <DownloadBar downloads={downloads} route={ref} units={units.filter(playable)} total={units.length} />
      )}
      <div id="route-player">
        {playable(current) && (
          <Player
            key={current.id}
            unit={current}
            routeTitle={route.title}
            routeCover={cover}
            autoPlay={autoPlay}
            onSaved={onSaved}
            next={playable(after) ? { title: after.title, play: () => pick(after.id) } : null}
            continuous={night.continuous}
            onContinuous={night.choose}
            onEnded={(bySleep) => night.ended(current.id, bySleep)}
            onPlay={night.played}
          />
        )}
        {night.rest && (
          <p className="player-rest" role="status" data-testid="continuous-rest">
            {t(`playback.sleep.${night.rest}`)}
          </p>
        )}
        {current && !playable(current) && current.lock === null && (
          <p className="player-unavailable">{t('playback.unavailable')}</p>
        )}
      </div>
      <ol className="units" data-testid="units">
        {rows.map((u) => {
          const s = u.state
          const status = !s
            ? undefined
            : s.lock
              ? 'locked'
              : s.completed
                ? 'completed'
                : s.position > 0
                  ? 'started'
                  : 'open'
          const isCurrent = !!s && s.id === currentId
          return (
            <li
              key={u.id}
              className={s ? `unit unit-${status}${isCurrent ? ' unit-current' : ''}` : 'unit'}
              data-unit={s ? u.id : undefined}
              data-lock={s ? (s.lock ?? 'none') : undefined}
              aria-current={isCurrent ? 'true' : undefined}
            >
              <div>
                <strong>{u.title}</strong>
                {u.description && <p>{u.description}</p>}
              </div>
              <span className="chip">
                {t('route_page.minutes', { n: Math.max(1, Math.round((u.duration_seconds ?? 60) / 60)) })}
              </span>
              {!signedIn && (
                <a className="button button-small" href={login}>
                  {t('route_page.login_to_play')}
                </a>
              )}
              {s && (
                <UnitAction
                  unit={s}
                  current={isCurrent}
                  onPlay={() => pick(s.id)}
                  downloads={offline ? null : downloads}
                  route={ref}
                />
              )}
            </li>
          )
        })}
      </ol>
    </div>
  )
}

function UnitAction({
  unit,
  current,
  onPlay,
  downloads,
  route,
}: {
  unit: UnitStateDto
  current: boolean
  onPlay: () => void
  downloads: Downloads | null
  route: RouteRef
}) {
  const { t, href } = usePage()
  if (unit.lock === 'no_privileges') {
    return (
      <p className="unit-lock" data-testid="unit-lock">
        <LockIcon />
        <span>
          {t('playback.locks.no_privileges')} · <a href={href('subscribe')}>{t('playback.upgrade')}</a>
        </span>
      </p>
    )
  }
  if (unit.lock) {
    return (
      <p className="unit-lock" data-testid="unit-lock">
        <LockIcon />
        <span>{t(`playback.locks.${unit.lock}`)}</span>
      </p>
    )
  }
  return (
    <div className="unit-actions">
      {unit.completed && (
        <span className="chip chip-done" data-testid="unit-completed">
          ✓ {t('playback.completed')}
        </span>
      )}
      {!unit.completed && unit.position > 0 && <span className="chip">{t('playback.in_progress')}</span>}
      {downloads && playable(unit) && <DownloadBar downloads={downloads} route={route} units={[unit]} unit />}
      {current ? (
        <span className="chip chip-current">{t('playback.current')}</span>
      ) : (
        <button
          type="button"
          className="button button-small"
          onClick={onPlay}
          aria-label={t('playback.play_unit', { title: unit.title })}
          data-testid="unit-play"
        >
          ▶ {t('playback.play')}
        </button>
      )}
    </div>
  )
}

const LockIcon = () => (
  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
    <path
      d="M7 10V8a5 5 0 0 1 10 0v2h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1zm2 0h6V8a3 3 0 0 0-6 0z"
      fill="currentColor"
    />
  </svg>
)
