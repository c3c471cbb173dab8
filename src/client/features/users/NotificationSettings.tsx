import { Suspense, useEffect, useRef, useState } from 'react'
import { untilTouched } from '#client/components/TouchPart.tsx'
import type { UserDto } from '#shared/contract/users'
import { call, contract } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { Check, Field } from '#client/components/Field.tsx'
import { useForm, useHydrated } from '#client/components/forms.tsx'
import { channelsToSave } from './channels'

const { updateProfile } = contract(() => import('#shared/contract/users.phone'))
// Reminders on this device (issue 34 §1): the browser's push subscription, only in the browser.
// The push switch: hydrated at the first touch (decision 069).
const DevicePush = untilTouched(() => import('./DevicePush').then((m) => m.default))

/** The profile's notification settings (SPEC §2, issue 11): the person's channels, then this device's reminders. */
export function NotificationSettings({ user, onSaved }: { user: UserDto; onSaved: (u: UserDto) => void }) {
  const { t, href } = usePage()
  const hydrated = useHydrated()
  // Quiet hours (issue 42 §3): the person's own night, or none; 22:00–08:00 until they choose.
  const [quietOn, setQuietOn] = useState(!!(user.quiet_from && user.quiet_until))
  const [quietFrom, setQuietFrom] = useState(user.quiet_from ?? '22:00')
  const [quietUntil, setQuietUntil] = useState(user.quiet_until ?? '08:00')
  const [time, setTime] = useState(user.perfect_time_to_send_notifications ?? '')
  // Issue 11: the channels (none chosen yet means both); at least one stays on (stopping all is the link below).
  const chosen = user.notification_channels.length ? user.notification_channels : ['in_app', 'email']
  const [inApp, setInApp] = useState(chosen.includes('in_app'))
  const [byEmail, setByEmail] = useState(chosen.includes('email'))
  const form = useForm()
  const { busy, errors } = form
  // A first-touch part (Profile.tsx, decision 072): a time typed before its code came is in the page
  // but not in React's state (hydration leaves an input's value as the person left it), and the
  // save would send the old one (why the quiet hours' form "never answered" in decision 069). Taken
  // as the state once hydrated, with the save button's first enabled render. (A tick pressed before
  // is held and given again by TouchPart, so the boxes need nothing.)
  const box = useRef<HTMLFormElement>(null)
  useEffect(() => {
    const typed = (name: string) => (box.current?.elements.namedItem(name) as HTMLInputElement | null)?.value
    const from = typed('quiet_from')
    const until = typed('quiet_until')
    const at = typed('perfect_time_to_send_notifications')
    if (from !== undefined) setQuietFrom(from)
    if (until !== undefined) setQuietUntil(until)
    if (at !== undefined) setTime(at)
  }, [])
  async function save() {
    const channels = channelsToSave(inApp, byEmail)
    form.setErrors({})
    const res = await form.send(() =>
      call(updateProfile, {
        input: {
          // One box for email (issue 42 §10: "By email" and "Send me notification emails" were two
          // ticks for one wish): it sets the channel and the readers' flag together.
          is_a_email_reader: byEmail,
          perfect_time_to_send_notifications: time,
          notification_channels: channels,
          quiet_from: quietOn ? quietFrom : 'none',
          quiet_until: quietOn ? quietUntil : 'none',
        },
      }),
    )
    if (res) onSaved(res.user)
  }
  return (
    <section className="profile-card" aria-labelledby="profile-notifications">
      <h2 id="profile-notifications">{t('accounts.profile.notifications')}</h2>
      {user.notifications_disabled && (
        <p className="form-alert form-alert-info">{t('accounts.profile.notifications_off')}</p>
      )}
      <form ref={box} className="auth-form" onSubmit={form.onSubmit(save)} noValidate>
        <Check name="channel_in_app" checked={inApp} onChecked={(v) => (v || byEmail) && setInApp(v)}>
          {t('engagement.notifications.settings_in_app')}
        </Check>
        <Check name="channel_email" checked={byEmail} onChecked={(v) => (v || inApp) && setByEmail(v)}>
          {t('engagement.notifications.settings_email')}
        </Check>
        <Field
          label={t('accounts.profile.best_time')}
          name="perfect_time_to_send_notifications"
          type="time"
          value={time}
          onValue={setTime}
        />
        <fieldset className="quiet-hours" data-testid="quiet-hours">
          <legend>{t('first_week.quiet.legend')}</legend>
          <p className="field-hint">{t('first_week.quiet.hint')}</p>
          <Check name="quiet_none" checked={!quietOn} onChecked={(v) => setQuietOn(!v)}>
            {t('first_week.quiet.none')}
          </Check>
          {quietOn && (
            <div className="quiet-hours-times">
              <Field
                label={t('first_week.quiet.from')}
                name="quiet_from"
                type="time"
                value={quietFrom}
                onValue={setQuietFrom}
                error={errors.quiet_from}
                required
              />
              <Field
                label={t('first_week.quiet.until')}
                name="quiet_until"
                type="time"
                value={quietUntil}
                onValue={setQuietUntil}
                error={errors.quiet_until}
                required
              />
            </div>
          )}
        </fieldset>
        <div className="auth-actions">
          <button className="button button-primary" type="submit" disabled={!hydrated || busy}>
            {t('accounts.profile.save')}
          </button>
          {!user.notifications_disabled && (
            <a href={href('disableNotifications')}>{t('accounts.profile.stop_notifications')}</a>
          )}
        </div>
      </form>
      {hydrated && (
        <Suspense fallback={null}>
          <DevicePush
            quiet={user.quiet_from && user.quiet_until ? { from: user.quiet_from, until: user.quiet_until } : null}
          />
        </Suspense>
      )}
    </section>
  )
}
