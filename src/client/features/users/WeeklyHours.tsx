import { useEffect, useId, useState } from 'react'
import { WEEKDAYS, type Weekday } from '#shared/psychologists'
import { call, contract } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { BusyButton, FormAlert } from '#client/components/Field.tsx'
import { useForm } from '#client/components/forms.tsx'
import { AgendaDay } from './AgendaDay.tsx'
import { AgendaTerms } from './AgendaTerms.tsx'
import { DISPLAY_ORDER, FIRST_RANGE, emptyWeek, fieldOf, shifted, weekOf, type Range, type Week } from './agendaWeek.ts'

const { getMyAvailability, saveMyAvailability } = contract(() => import('#shared/contract/psychologists'))

/**
 * The psychologist's weekly hours (issue 9 §1): loads the saved agenda, holds the form's state
 * and saves terms and week in one call. A day switched off keeps its ranges aside (`stash`), so
 * switching it back on restores them instead of starting over.
 */
export function WeeklyHours() {
  const { t, boot } = usePage()
  const [state, setState] = useState<'loading' | 'failed' | 'ready'>('loading')
  const [open, setOpen] = useState(false)
  const [zone, setZone] = useState(boot.timeZone)
  const [slot, setSlot] = useState('60')
  const [week, setWeek] = useState<Week>(emptyWeek)
  const [stash, setStash] = useState<Partial<Week>>({})
  const form = useForm()
  const { busy, errors, alert } = form
  const ids = useId()

  async function load() {
    setState('loading')
    const res = await call(getMyAvailability, { silent: true })
    if (!res.success) return setState('failed')
    setOpen(res.open)
    setZone(res.timezone)
    setSlot(String(res.slot_minutes))
    setWeek(weekOf(res.days))
    setState('ready')
  }
  useEffect(() => {
    void load()
  }, [])

  function setDay(day: Weekday, ranges: Range[]) {
    setWeek((w) => ({ ...w, [day]: ranges }))
    form.clearError(day)
  }
  function toggleDay(day: Weekday, working: boolean) {
    if (working) setDay(day, stash[day]?.length ? stash[day]! : [{ ...FIRST_RANGE }])
    else {
      setStash((s) => ({ ...s, [day]: week[day] }))
      setDay(day, [])
    }
  }
  function addRange(day: Weekday) {
    const last = week[day].at(-1)
    // The next range starts an hour after the last one ends, as long as the last.
    const next = last && /^\d\d:\d\d$/.test(last.to) ? shifted(last) : { ...FIRST_RANGE }
    setDay(day, [...week[day], next])
  }

  async function save() {
    form.setAlert(null)
    const input: Record<string, string | boolean> = { timezone: zone, open, slot_minutes: slot }
    for (const d of WEEKDAYS) input[d] = fieldOf(week[d])
    const res = await form.send(() => call(saveMyAvailability, { input }), { alert: 'fields' })
    if (!res) return
    setOpen(res.open)
    setZone(res.timezone)
    setSlot(String(res.slot_minutes))
    setWeek(weekOf(res.days))
  }

  return (
    <section className="profile-card agenda" aria-labelledby="agenda-title" data-testid="agenda">
      <h2 id="agenda-title">{t('psychologist_profile.title')}</h2>
      <p className="agenda-intro">{t('psychologist_profile.intro')}</p>
      {state === 'loading' && (
        <p className="agenda-status" role="status">
          {t('psychologist_profile.loading')}
        </p>
      )}
      {state === 'failed' && (
        <div className="agenda-status" role="alert">
          <p>{t('psychologist_profile.load_failed')}</p>
          <button type="button" className="button button-small" onClick={() => void load()}>
            {t('psychologist_profile.retry')}
          </button>
        </div>
      )}
      {state === 'ready' && (
        <form className="auth-form" onSubmit={form.onSubmit(save)} noValidate data-testid="agenda-form">
          <FormAlert message={alert} />
          <AgendaTerms
            ids={ids}
            open={open}
            zone={zone}
            slot={slot}
            errors={errors}
            onOpen={setOpen}
            onZone={setZone}
            onSlot={setSlot}
          />
          <fieldset className="agenda-week">
            <legend>{t('psychologist_profile.week')}</legend>
            {DISPLAY_ORDER.map((day) => (
              <AgendaDay
                key={day}
                day={day}
                ranges={week[day]}
                slotMinutes={Number(slot)}
                error={errors[day]}
                onRanges={(ranges) => setDay(day, ranges)}
                onWorks={(working) => toggleDay(day, working)}
                onAdd={() => addRange(day)}
              />
            ))}
          </fieldset>
          <BusyButton busy={busy} sending={t('psychologist_profile.saving')} testId="agenda-save">
            {t('psychologist_profile.save_agenda')}
          </BusyButton>
        </form>
      )}
    </section>
  )
}
