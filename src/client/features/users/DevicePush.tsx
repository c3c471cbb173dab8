import { useEffect, useId, useState } from 'react'
import { usePage } from '#client/app/context.tsx'
import {
  currentSubscription,
  pushSupport,
  QUIET_KEY,
  readQuiet,
  resubscribeCarried,
  saveSubscription,
  turnOff,
  turnOn,
  type PushSupport,
} from '#client/pwa/push.ts'

/**
 * "Reminders on this device" (issue 34 §1; decision 052): a switch per browser, its state the
 * browser's own subscription (pushManager.getSubscription), asking for permission only when
 * turned on; and whether this device keeps the person's quiet hours (on by default; the hours
 * themselves are the person's, chosen in the settings above, issue 42 §3). Where the device cannot, a kind explanation
 * instead of a switch that does nothing. Its own chunk, loaded after hydration.
 */
export default function DevicePush({ quiet: hours }: { quiet: { from: string; until: string } | null }) {
  const { t, boot } = usePage()
  const userId = boot.user?.id ?? null
  const id = useId()
  const [support, setSupport] = useState<PushSupport | null>(null)
  const [on, setOn] = useState<boolean | null>(null)
  const [quiet, setQuiet] = useState(readQuiet)
  const [busy, setBusy] = useState(false)
  const [note, setNote] = useState<string | null>(null)
  // This browser or window cannot hold reminders (issue 42 §3): why and what to do, not a retry.
  const [blockedHere, setBlockedHere] = useState(false)

  useEffect(() => {
    const s = pushSupport()
    setSupport(s)
    if (s !== 'ok') return
    // A subscription carried over a parked update (#client/pwa/push.ts carryOver) is taken first,
    // but never waited on for more than 5 s (it waits for an active worker, which may not come).
    const carried = userId === null ? Promise.resolve() : resubscribeCarried(userId)
    void Promise.race([carried, new Promise((r) => setTimeout(r, 5000))])
      .catch(() => {})
      .then(currentSubscription)
      .then(
        (sub) => {
          setOn(!!sub)
          // Saved again as the browser holds it now: a renewal no page was open for (src/sw/push.ts).
          if (sub) void saveSubscription(sub, undefined, true)
        },
        () => setOn(false),
      )
  }, [userId])

  async function toggle(next: boolean) {
    setBusy(true)
    setNote(null)
    try {
      if (next) {
        const { result } = await turnOn(quiet)
        if (result === 'denied') setSupport('denied')
        else if (result === 'blocked_here') setBlockedHere(true)
        else if (result === 'not_allowed') setNote(t('push.device.not_allowed'))
        else if (result === 'failed') setNote(t('push.device.failed'))
        setOn(result === 'on')
      } else {
        await turnOff()
        setOn(false)
      }
    } finally {
      setBusy(false)
    }
  }

  async function chooseQuiet(next: boolean) {
    setQuiet(next)
    try {
      localStorage.setItem(QUIET_KEY, next ? '1' : '0')
    } catch {
      // private mode: the choice lasts while the page does
    }
    if (!on) return
    setBusy(true)
    const sub = await currentSubscription().catch(() => null)
    if (sub) await saveSubscription(sub, next)
    setBusy(false)
  }

  if (support === null) return null
  const explained = blockedHere ? t('first_week.push.blocked_here') : support !== 'ok' && t(`push.device.${support}`)
  return (
    <div
      className="device-push"
      data-testid="device-push"
      data-state={blockedHere ? 'blocked_here' : explained ? support : on === null ? 'loading' : on ? 'on' : 'off'}
    >
      <h3 id={`${id}-title`}>{t('push.device.title')}</h3>
      <p className="field-hint" id={`${id}-hint`}>
        {t('push.device.hint')}
      </p>
      {explained ? (
        <p className="form-alert form-alert-info" role="status" data-testid="device-push-why">
          {explained}
        </p>
      ) : (
        <>
          <div className="check check-switch">
            <input
              id={`${id}-switch`}
              type="checkbox"
              role="switch"
              checked={!!on}
              aria-checked={!!on}
              aria-describedby={`${id}-hint`}
              disabled={on === null || busy}
              onChange={(e) => void toggle(e.target.checked)}
              data-testid="device-push-switch"
            />
            <label htmlFor={`${id}-switch`}>{t('push.device.switch')}</label>
          </div>
          <div className="check">
            <input
              id={`${id}-quiet`}
              type="checkbox"
              checked={quiet}
              aria-describedby={`${id}-quiet-hint`}
              disabled={busy}
              onChange={(e) => void chooseQuiet(e.target.checked)}
              data-testid="device-push-quiet"
            />
            <label htmlFor={`${id}-quiet`}>
              {hours ? t('first_week.quiet.device', hours) : t('first_week.quiet.device_none')}
            </label>
          </div>
          <p className="field-hint" id={`${id}-quiet-hint`}>
            {t('first_week.quiet.device_hint')}
          </p>
          {note && (
            <p className="form-alert form-alert-info" role="status" data-testid="device-push-note">
              {note}
            </p>
          )}
        </>
      )}
    </div>
  )
}
