import { useEffect, useState } from 'react'
import { BusyButton } from '#client/components/Field.tsx'
import type { AppointmentDto } from '#shared/contract/appointments'
import { storeUser } from '#client/stores/session.ts'
import { DELAYS_MS } from '#shared/limits'
import { call, contract } from '#client/api.ts'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { useForm, useHydrated } from '#client/components/forms.tsx'
import { AppointmentCard, type CardChange } from './AppointmentCard'
import { dollars, isLive, merged, sideOf, statusName } from './format'
import { Loading, Problem, useCountdown } from './Status'
import '#client/components/forms.css'
import './appointments.css'

const { listAppointments } = contract(() => import('#shared/contract/appointments'))
const { authenticate } = contract(() => import('#shared/contract/users'))

const ID = /^[1-9]\d{0,14}$/

/**
 * /appointment/?appointment_id=&user_id=&authorization= (SPEC §2), the page a mail link opens:
 * one appointment with Confirm and Cancel-with-reason; afterwards a 3-second countdown to
 * /appointments. A visitor who came by the mail's link (user_id + authorization) is asked to
 * open it with a button: the link signs in only by that POST, never by being opened, and works
 * again until it expires (a mail scanner or a second device does not use it up). A visitor
 * without the link sees a notice and, after 3 seconds, goes to sign in with redirect_to back here.
 */
export default function AppointmentLink({ boot }: PageProps) {
  const { t, href } = usePage()
  const q = boot.query
  const id = ID.test(q.appointment_id ?? '') ? Number(q.appointment_id) : null
  const back = href('appointment', { query: { appointment_id: id ?? undefined, action: q.action } })

  return (
    <section className="appt-link" data-testid="appointment-page">
      <h1>{t('appointment_pages.link_title')}</h1>
      {!boot.user && id !== null && q.user_id && ID.test(q.user_id) && q.authorization ? (
        <LinkOpen
          userId={q.user_id}
          authorization={q.authorization}
          login={href('login', { query: { redirect_to: back } })}
        />
      ) : !boot.user ? (
        <VisitorNotice
          login={href('login', { query: { redirect_to: back, user_id: q.user_id, authorization: q.authorization } })}
        />
      ) : id === null ? (
        <NotFound />
      ) : q.user_id && ID.test(q.user_id) && Number(q.user_id) !== boot.user.id ? (
        <div className="appt-soft" role="alert" data-testid="other-account">
          <p>{t('appointment_pages.other_account')}</p>
          <a className="button button-small" href={href('logout')} data-action="logout">
            {t('appointment_pages.sign_out')}
          </a>
        </div>
      ) : (
        <OneAppointment id={id} startCancelling={q.action === 'cancel'} />
      )}
    </section>
  )
}

function VisitorNotice({ login }: { login: string }) {
  const { t } = usePage()
  const hydrated = useHydrated()
  const left = useCountdown(DELAYS_MS.appointmentRedirect, hydrated, () => window.location.assign(login))
  return (
    <div className="appt-notice" data-testid="visitor-notice">
      <p className="appt-empty-title">{t('appointment_pages.visitor_notice')}</p>
      <p className="appt-countdown" aria-live="polite" data-testid="countdown">
        {t('appointment_pages.to_login', { n: left })}
      </p>
      {hydrated && (
        <div className="progress-bar" aria-hidden="true">
          <span />
        </div>
      )}
      <a className="button button-primary" href={login} data-testid="sign-in-now">
        {t('appointment_pages.sign_in_now')}
      </a>
    </div>
  )
}

/** The mail's link: one button signs in with it (a POST) and shows the appointment here. */
function LinkOpen({ userId, authorization, login }: { userId: string; authorization: string; login: string }) {
  const { t } = usePage()
  const form = useForm()
  const { busy, alert: failed } = form
  async function open() {
    form.setAlert(null)
    const res = await form.send(() => call(authenticate, { input: { user_id: userId, authorization }, silent: true }), {
      keepBusy: true,
      onRefusal: (refused) => form.setAlert(refused.message ?? t('errors.generic')),
    })
    if (!res) return
    storeUser(res.user)
    window.location.reload()
  }
  return (
    <div className="appt-notice" data-testid="link-notice">
      <p className="appt-empty-title">{t('appointment_pages.link_notice')}</p>
      {failed && (
        <p className="form-alert" role="alert" data-testid="link-failed">
          {failed}
        </p>
      )}
      <BusyButton
        busy={busy}
        sending={t('accounts.form.sending')}
        testId="link-open"
        block={false}
        onClick={() => void open()}
      >
        {t('appointment_pages.link_open')}
      </BusyButton>
      {failed && (
        <a className="button" href={login} data-testid="sign-in-now">
          {t('appointment_pages.sign_in_now')}
        </a>
      )}
    </div>
  )
}

function NotFound() {
  const { t, href } = usePage()
  return (
    <div className="appt-empty" role="alert" data-testid="appointment-not-found">
      <p className="appt-empty-title">{t('appointments.not_found')}</p>
      <p>{t('appointment_pages.not_found_hint')}</p>
      <a className="button" href={href('appointments')}>
        {t('appointment_pages.go_now')}
      </a>
    </div>
  )
}

function OneAppointment({ id, startCancelling }: { id: number; startCancelling: boolean }) {
  const { t, boot } = usePage()
  const [state, setState] = useState<'loading' | 'failed' | 'missing' | 'ready'>('loading')
  const [a, setA] = useState<AppointmentDto | null>(null)
  const [done, setDone] = useState<CardChange | null>(null)

  async function load() {
    setState('loading')
    const res = await call(listAppointments, {
      input: { id, with_relations: 'host|guest', with_properties: 'status|meeting_channel', per_page: 1 },
      silent: true,
    })
    if (!res.success) return setState(res.status === 404 || res.status === 422 ? 'missing' : 'failed')
    const found = res.appointments[0]
    if (!found) return setState('missing')
    setA(found)
    setState('ready')
  }
  useEffect(() => {
    void load()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id])

  if (state === 'loading') return <Loading />
  if (state === 'failed') return <Problem onRetry={load} />
  if (state === 'missing' || !a) return <NotFound />

  const side = sideOf(a, boot.user?.id)
  const mineConfirmed = side === 'host' ? a.confirmed_by_host : a.confirmed_by_guest
  return (
    <div className="appt-link-body">
      <AppointmentCard
        appointment={done ? merged(a, done.appointment) : a}
        actions={!done}
        startCancelling={startCancelling}
        headingLevel="h2"
        onChange={(c) => {
          if (c.kind === 'confirmed' || c.kind === 'cancelled') setDone(c)
          else setA(merged(a, c.appointment))
        }}
      />
      {!done && isLive(a) && mineConfirmed && side !== 'other' && (
        <p className="appt-soft" data-testid="already-confirmed">
          {t('appointment_pages.already_confirmed')}
        </p>
      )}
      {!done && !isLive(a) && (
        <p className="appt-soft" data-testid="not-live">
          {t('appointment_pages.not_live', { status: (a.properties?.status ?? statusName(t, a.status)).toLowerCase() })}
        </p>
      )}
      {done && <Done change={done} />}
    </div>
  )
}

/** After a confirmation or a cancellation: what happened, then /appointments in 3 seconds. */
function Done({ change }: { change: CardChange }) {
  const { t, href, locale } = usePage()
  const target = href('appointments', { query: { tab: change.kind === 'cancelled' ? 'appointments' : 'next_to' } })
  const left = useCountdown(DELAYS_MS.appointmentRedirect, true, () => window.location.assign(target))
  return (
    <div className="appt-notice appt-done" role="status" data-testid="done">
      <p className="appt-empty-title">
        {change.kind === 'cancelled' ? t('appointments.cancelled') : t('appointments.confirmed')}
      </p>
      {change.kind === 'cancelled' && change.refunded > 0 && (
        <p data-testid="refunded">{t('appointment_pages.refunded', { amount: dollars(change.refunded, locale) })}</p>
      )}
      <p className="appt-countdown" data-testid="countdown">
        {t('appointment_pages.to_list', { n: left })}
      </p>
      <div className="progress-bar" aria-hidden="true">
        <span />
      </div>
      <a className="button" href={target}>
        {t('appointment_pages.go_now')}
      </a>
    </div>
  )
}
