import { lazy, Suspense, useState, type ComponentType } from 'react'
import type { AppointmentDto } from '#shared/contract/appointments'
import { usePage } from '#client/app/context.tsx'
import { inMoveWindow, isLive, movable, movesNote } from './format'
import { Loading, Problem } from './Status'
import { AppointmentStatus } from '#shared/appointment-enums'

/**
 * Each panel's code (its form, the slot picker, its call) comes when the panel opens, not with
 * the list (decision 072): most visits open none. The press that opens one sets the panel at
 * once; until its code is there the card shows "Loading" in its place, so a press made before
 * is never lost. Hovering or focusing the button starts the fetch a moment earlier.
 */
const PANEL_CODE = {
  cancel: () => import('./CancelForm'),
  move: () => import('./MoveForm'),
  meeting: () => import('./HostForms'),
  close: () => import('./HostForms'),
  recommend: () => import('./RecommendForm'),
} as const
/**
 * A panel's code as a `lazy` that never throws: when the fetch fails (a flaky network, or a deploy
 * since the page loaded, whose hashed chunks are gone) the panel says so with "Try again", which
 * asks again. A failed `lazy` with no boundary blanked the whole page (found from outside).
 */
function panelPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const tries: ComponentType<P & { retry: () => void }>[] = []
  const attempt = (n: number) =>
    (tries[n] ??= lazy(() =>
      load().then(
        (Part) => ({ default: ({ retry: _, ...p }: P & { retry: () => void }) => <Part {...(p as P)} /> }),
        () => ({ default: ({ retry }: { retry: () => void }) => <Problem onRetry={retry} /> }),
      ),
    ))
  return function PanelPart(props: P) {
    const [n, setN] = useState(0)
    const Part = attempt(n)
    return <Part {...props} retry={() => setN(n + 1)} />
  }
}
const CancelForm = panelPart(() => PANEL_CODE.cancel().then((m) => m.CancelForm))
const MoveForm = panelPart(() => PANEL_CODE.move().then((m) => m.MoveForm))
const MeetingForm = panelPart(() => PANEL_CODE.meeting().then((m) => m.MeetingForm))
const CloseForm = panelPart(() => PANEL_CODE.close().then((m) => m.CloseForm))
const RecommendForm = panelPart(() => PANEL_CODE.recommend().then((m) => m.RecommendForm))
const warm = (to: Exclude<Panel, null>) => () => void PANEL_CODE[to]().catch(() => {})

export type CardChange =
  | { kind: 'confirmed' | 'closed' | 'meeting' | 'moved'; appointment: AppointmentDto }
  | { kind: 'cancelled'; appointment: AppointmentDto; refunded: number }

export type Panel = 'cancel' | 'meeting' | 'close' | 'move' | 'recommend' | null

interface Props {
  appointment: AppointmentDto
  side: 'guest' | 'host' | 'other'
  otherName: string
  mineConfirmed: boolean
  canClose: boolean
  panel: Panel
  setPanel: (p: Panel) => void
  busy: boolean
  onConfirm: () => void
  onChange?: (change: CardChange) => void
  /** The instant the card is drawn for (AppointmentCard's `now`). */
  now: number
}

/**
 * What the viewer can do with a live appointment: Confirm, Close and the meeting details (the
 * host), Move (the guest, 24 h or more before), Cancel; and the panel each one opens.
 */
export function CardActions({
  appointment: a,
  side,
  otherName,
  mineConfirmed,
  canClose,
  panel,
  setPanel,
  busy,
  onConfirm,
  onChange,
  now,
}: Props) {
  const { t } = usePage()
  // The buttons that open a panel (its test id: `<panel>-open`).
  const opener = (to: Exclude<Panel, null>, label: string, disabled = false, quiet = false) => (
    <button
      type="button"
      className={`button button-small${quiet ? ' button-quiet' : ''}`}
      onClick={() => setPanel(to)}
      onPointerEnter={warm(to)}
      onFocus={warm(to)}
      disabled={disabled}
      data-testid={`${to}-open`}
    >
      {label}
    </button>
  )
  const done = (change: CardChange) => {
    setPanel(null)
    onChange?.(change)
  }
  return (
    <>
      {isLive(a) && side !== 'other' && panel === null && (
        <div className="appt-actions">
          {!mineConfirmed && (
            <button
              type="button"
              className="button button-primary appt-main"
              onClick={onConfirm}
              disabled={busy}
              data-testid="confirm"
            >
              {busy ? t('appointment_pages.confirming') : t('appointment_pages.confirm')}
            </button>
          )}
          {canClose && opener('close', t('appointment_pages.close_submit'))}
          {side === 'host' && opener('meeting', t('appointment_pages.meeting_title'))}
          {side === 'guest' && movable(a, now) && opener('move', t('appointment_pages.move'), busy)}
          {/* A guest cannot cancel a session that has started (docs/decisions/058); the host still may. */}
          {!(side === 'guest' && new Date(a.start_at).getTime() <= now) &&
            opener('cancel', t('appointment_pages.cancel'), busy, true)}
        </div>
      )}
      {/* After a session closed as attended, its psychologist may recommend routes (issue 44 §3). */}
      {a.status === AppointmentStatus.attended && side === 'host' && panel === null && (
        <div className="appt-actions">{opener('recommend', t('care.recommend.action'))}</div>
      )}
      {isLive(a) && side === 'guest' && panel === null && inMoveWindow(a, now) && !movable(a, now) && (
        // Moved MAX_MOVES times: no Move button, and the reason said kindly, with what is still possible.
        <p className="appt-policy" data-testid="moves-used">
          {movesNote(t, a)}
        </p>
      )}
      {panel !== null && (
        <Suspense fallback={<Loading />}>
          {panel === 'recommend' && (
            <RecommendForm appointment={a} guestName={otherName} onClose={() => setPanel(null)} />
          )}
          {panel === 'cancel' && (
            <CancelForm
              appointment={a}
              side={side}
              onKeep={() => setPanel(null)}
              onMove={() => setPanel('move')}
              onDone={(appointment, refunded) => done({ kind: 'cancelled', appointment, refunded })}
            />
          )}
          {panel === 'move' && (
            <MoveForm
              appointment={a}
              hostName={otherName}
              onKeep={() => setPanel(null)}
              onDone={(appointment) => done({ kind: 'moved', appointment })}
            />
          )}
          {panel === 'meeting' && (
            <MeetingForm
              appointment={a}
              onClose={() => setPanel(null)}
              onSaved={(appointment) => done({ kind: 'meeting', appointment })}
            />
          )}
          {panel === 'close' && (
            <CloseForm
              appointment={a}
              onClose={() => setPanel(null)}
              onClosed={(appointment) => done({ kind: 'closed', appointment })}
            />
          )}
        </Suspense>
      )}
    </>
  )
}
