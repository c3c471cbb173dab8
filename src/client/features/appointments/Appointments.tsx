import { lazy, Suspense, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react'
import type { AppointmentDto, AppointmentsPageData } from '#shared/contract/appointments'
import { READS } from '#shared/contract/reads.wire'
import { AppointmentStatus, ONGOING_APPOINTMENT_STATUSES } from '#shared/appointment-enums'
import { HOST_TABS, TABS, kindOf, listInput, tabOf, type ListKind, type Tab } from '#shared/appointments-list'
import { Role } from '#shared/role'
import { read } from '#client/api.ts'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { AppointmentCard, type CardChange } from './AppointmentCard'
import { dollars } from './format'
import { Loading, Problem } from './Status'
import '#client/components/forms.css'
import './appointments.css'

// Issue 44 §1, §2: the offer to share after a booking, and the psychologist's "before the session".
const ShareOffer = lazy(() => import('#client/features/shares/ShareOffer.tsx'))
const BeforeSession = lazy(() => import('#client/features/shares/BeforeSession.tsx'))

/** "Recent" for "before the session": a session that ended this long ago or less (decision 067). */
const RECENT_MS = 14 * 86_400_000
// The booking tab's code (the psychologists, the slots, the confirmation) comes when that tab is
// shown, not with the list the page opens on (decision 069).
const Booking = lazy(() => import('./Booking').then((m) => ({ default: m.Booking })))

/** The first page of a list as the server read it (decision 081). */
type FirstPage = NonNullable<AppointmentsPageData['list']>

/**
 * /appointments?tab=next_to|make_an_appointment|appointments (SPEC §2): Ongoing (pending and
 * confirmed, soonest first), Make an appointment, History (cancelled, attended, finished by
 * overtime, newest first). The tab lives in the URL (replaceState). A psychologist sees their
 * own agenda as host and has no booking tab.
 *
 * The server paints the first page of the tab's list (its loader reads it with the browser's own
 * query), so the page waits for the person's first touch to start React (decision 081); the
 * list is read again as React starts, so a status changed since the paint is shown.
 */
export default function Appointments({ boot, data }: PageProps<AppointmentsPageData>) {
  const { t, locale } = usePage()
  const isHost = boot.user?.role === Role.psychologist
  const tabs = isHost ? HOST_TABS : TABS
  const asked = boot.query.tab as Tab | undefined
  const [tab, setTab] = useState<Tab>(tabOf(asked, isHost))
  // The server's first page, for the list the page opens on, once: a list shown again (another
  // tab and back, after a booking) reads its own.
  const first = useRef<FirstPage | null>(data?.list ?? null)
  useEffect(() => {
    first.current = null
  }, [])
  const firstOf = (kind: ListKind) => (first.current?.kind === kind && kindOf(tab) === kind ? first.current : undefined)
  /** Shown once above Ongoing after a change elsewhere (a booking, a cancellation). */
  const [flash, setFlash] = useState<string | null>(null)
  /** The psychologist of a booking just made: the kind offer to share with them. */
  const [offer, setOffer] = useState<{ hostId: number; name: string } | null>(null)
  const [version, setVersion] = useState(0)
  const refs = useRef<Record<string, HTMLButtonElement | null>>({})

  // A tab this person does not have (or none) reads as Ongoing: the URL says so too.
  useEffect(() => {
    if (asked !== tab) show(tab)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  function show(next: Tab, focus = false) {
    // A flash message is read once: it goes when the person moves to another tab.
    if (next !== tab) {
      setFlash(null)
      setOffer(null)
    }
    setTab(next)
    const url = new URL(window.location.href)
    url.searchParams.set('tab', next)
    window.history.replaceState(window.history.state, '', url)
    if (focus) refs.current[next]?.focus()
  }

  // Arrow keys move between tabs (WAI-ARIA tabs pattern, automatic activation).
  function onKey(e: KeyboardEvent) {
    const i = tabs.indexOf(tab)
    const to =
      e.key === 'ArrowRight'
        ? tabs[(i + 1) % tabs.length]
        : e.key === 'ArrowLeft'
          ? tabs[(i - 1 + tabs.length) % tabs.length]
          : e.key === 'Home'
            ? tabs[0]
            : e.key === 'End'
              ? tabs[tabs.length - 1]
              : null
    if (!to) return
    e.preventDefault()
    show(to, true)
  }

  return (
    <section className="appointments" data-testid="appointments">
      <header className="appt-head">
        <h1>{t('appointment_pages.title')}</h1>
        <p className="lead">{isHost ? t('appointment_pages.host_lead') : t('appointment_pages.lead')}</p>
      </header>
      <div className="appt-tabs" role="tablist" aria-label={t('appointment_pages.tabs.label')} onKeyDown={onKey}>
        {tabs.map((x) => (
          <button
            key={x}
            ref={(el) => {
              refs.current[x] = el
            }}
            type="button"
            role="tab"
            id={`tab-${x}`}
            aria-selected={tab === x}
            aria-controls={tab === x ? `panel-${x}` : undefined}
            tabIndex={tab === x ? 0 : -1}
            className="appt-tab"
            onClick={() => show(x)}
            data-testid={`tab-${x}`}
          >
            {t(`appointment_pages.tabs.${x}`)}
          </button>
        ))}
      </div>
      <div
        className="appt-panel-wrap"
        role="tabpanel"
        id={`panel-${tab}`}
        aria-labelledby={`tab-${tab}`}
        tabIndex={0}
        data-testid={`panel-${tab}`}
      >
        {/* The tab's name as the panel's heading, for those who move by headings: the cards'
            h3 and the booking's psychologists come under it, not straight under the h1. */}
        <h2 className="visually-hidden">{t(`appointment_pages.tabs.${tab}`)}</h2>
        {tab === 'next_to' && offer && (
          <Suspense fallback={null}>
            <ShareOffer hostId={offer.hostId} name={offer.name} onDone={() => setOffer(null)} />
          </Suspense>
        )}
        {tab === 'next_to' && (
          <AppointmentList
            key={`ongoing-${version}`}
            kind="ongoing"
            first={firstOf('ongoing')}
            flash={flash}
            onBookTab={isHost ? undefined : () => show('make_an_appointment', true)}
            onCancelled={(refunded) =>
              setFlash(
                refunded > 0
                  ? t('appointment_pages.refunded', { amount: dollars(refunded, locale) })
                  : t('appointment_pages.cancelled_banner'),
              )
            }
          />
        )}
        {tab === 'appointments' && (
          <AppointmentList key={`history-${version}`} kind="history" first={firstOf('history')} />
        )}
        {tab === 'make_an_appointment' && !isHost && (
          <Suspense fallback={<Loading />}>
            <Booking
              onBooked={(a, _credits, host) => {
                setFlash(null)
                setVersion((v) => v + 1)
                show('next_to')
                // After show(): moving to another tab clears an offer, and this one belongs to Ongoing.
                if (a.host_id !== null) setOffer({ hostId: a.host_id, name: host?.name ?? t('shares.profile.someone') })
              }}
            />
          </Suspense>
        )}
      </div>
    </section>
  )
}

interface ListProps {
  kind: ListKind
  /** The first page as the server painted it: drawn as it is, then read again. */
  first?: FirstPage
  flash?: string | null
  onBookTab?: () => void
  onCancelled?: (refunded: number) => void
}

/** The caller's appointments of one tab, with "Show more" when there are more. */
function AppointmentList({ kind, first, flash, onBookTab, onCancelled }: ListProps) {
  const { t, boot } = usePage()
  const isHost = boot.user?.role === Role.psychologist
  const [items, setItems] = useState<AppointmentDto[] | null>(first?.appointments ?? null)
  const [page, setPage] = useState(1)
  const [more, setMore] = useState(!!first && first.pagination.current_page < first.pagination.last_page)
  // The cards are drawn for the server's instant until the list is read here (hydration then
  // draws exactly the server's buttons); undefined: now.
  const [at, setAt] = useState<number | undefined>(first ? Date.parse(first.at) : undefined)
  /** The latest read asked for: a first page that comes back after a later read is not shown. */
  const asked = useRef(0)
  const [failed, setFailed] = useState(false)
  const [loadingMore, setLoadingMore] = useState(false)
  // The people who share something with this psychologist now: their sessions get "before the session".
  const [sharers, setSharers] = useState<ReadonlySet<number>>(new Set())
  useEffect(() => {
    if (!isHost) return
    void read(READS.sharers, { silent: true }).then((r) => r.success && setSharers(new Set(r.guest_ids)))
  }, [isHost])
  const before = (a: AppointmentDto) =>
    isHost &&
    sharers.has(a.guest_id) &&
    ((ONGOING_APPOINTMENT_STATUSES as readonly number[]).includes(a.status) ||
      Date.parse(a.end) >= Date.now() - RECENT_MS) &&
    a.status !== AppointmentStatus.cancelled

  const load = useCallback(
    async (p: number, again = false) => {
      const mine = ++asked.current
      if (!again) setFailed(false)
      // Without zod (decision 069); the server's loader sends the same query (shared/appointments-list.ts).
      const res = await read(READS.appointments, { input: listInput(kind, p), silent: true })
      // A first page read again after a later read (a "Show more" pressed meanwhile) would drop it.
      if (p === 1 && mine !== asked.current) return
      if (!res.success) {
        // Read again over the server's page: that page stays (it is what the person saw), as it was.
        if (p === 1 && !again) setFailed(true)
        return
      }
      setItems((prev) => (p === 1 ? res.appointments : [...(prev ?? []), ...res.appointments]))
      setPage(p)
      setMore(res.pagination.current_page < res.pagination.last_page)
      setAt(undefined)
    },
    [kind],
  )

  // The first page's read as React starts: "Show more" waits for it (below).
  const firstRead = useRef<Promise<void>>(Promise.resolve())
  useEffect(() => {
    // Painted by the server: read again now React is here (a status may have changed since the
    // paint: the psychologist confirmed, a session closed); otherwise the first read.
    firstRead.current = load(1, !!first)
    // A page shown again from the back/forward cache once React is here: its rows may have
    // changed (before React, signed-in.ts loads such a page afresh).
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) void load(1, true)
    }
    addEventListener('pageshow', onShow)
    return () => removeEventListener('pageshow', onShow)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load])

  function changed(c: CardChange) {
    // The server's message is already a notification; the credits given back stay in view.
    if (c.kind === 'cancelled') onCancelled?.(c.refunded)
    void load(1)
  }

  if (failed) return <Problem onRetry={() => void load(1)} />
  if (!items) return <Loading />
  return (
    <div className="appt-list-wrap">
      {flash && kind === 'ongoing' && (
        <p className="form-alert form-alert-success appt-flash" role="status" data-testid="flash">
          {flash}
        </p>
      )}
      {items.length === 0 ? (
        <div className="appt-empty" data-testid={`${kind}-empty`}>
          {kind === 'ongoing' ? (
            <>
              <p className="appt-empty-title">
                {isHost ? t('appointment_pages.host_ongoing_empty') : t('appointment_pages.ongoing_empty')}
              </p>
              {!isHost && <p>{t('appointment_pages.ongoing_empty_hint')}</p>}
              {onBookTab && (
                <button type="button" className="button button-primary" onClick={onBookTab} data-testid="book-cta">
                  {t('appointment_pages.book_cta')}
                </button>
              )}
            </>
          ) : (
            <p className="appt-empty-title">{t('appointment_pages.history_empty')}</p>
          )}
        </div>
      ) : (
        <ul className="appt-list" data-testid={`${kind}-list`}>
          {items.map((a) => (
            <li key={a.id}>
              <AppointmentCard
                appointment={a}
                // In the history only an attended session has an action: its psychologist's
                // "Recommend routes" (issue 44 §3), which was otherwise out of reach.
                actions={kind === 'ongoing' || a.status === AppointmentStatus.attended}
                onChange={changed}
                now={at}
                extra={
                  before(a) ? (
                    <Suspense fallback={null}>
                      <BeforeSession appointmentId={a.id} name={a.guest?.name ?? t('appointment_pages.someone')} />
                    </Suspense>
                  ) : null
                }
              />
            </li>
          ))}
        </ul>
      )}
      {more && (
        <button
          type="button"
          className="button appt-more"
          disabled={loadingMore}
          onClick={async () => {
            setLoadingMore(true)
            // Pressed before React (held, then given as React starts): the server's first page is
            // read again first, so the next page follows today's list, not the paint's (rows
            // skipped or twice otherwise), and the first page's rows are today's too.
            await firstRead.current
            await load(page + 1)
            setLoadingMore(false)
          }}
        >
          {t('appointment_pages.show_more')}
        </button>
      )}
    </div>
  )
}
