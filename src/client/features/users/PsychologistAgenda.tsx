import { useEffect, useId, useState, type ReactNode } from 'react'
import type { UserDto } from '#shared/contract/users'
import { LANGUAGES, type Language } from '#shared/enums'
import {
  COMMON_TIME_ZONES,
  DEGREES,
  PSYCHOLOGIST_CATEGORIES,
  PSYCHOLOGIST_COUNTRIES,
  PSYCHOLOGIST_SYMPTOMS,
  SLOT_MINUTES_MAX,
  SLOT_MINUTES_MIN,
  WEEKDAYS,
  degreeKeyOf,
  parseRanges,
  slotsIn,
  type PsychologistSymptom,
  type Weekday,
} from '#shared/psychologists'
import { call, contract } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { FormAlert } from '#client/components/Field.tsx'
import { useForm, useHydrated } from '#client/components/forms.tsx'
import '#client/components/forms.css'
import './agenda.css'

const { getMyAvailability, saveMyAvailability, saveMyPsychologistProfile } = contract(
  () => import('#shared/contract/psychologists'),
)

/** The week as a person reads it: Monday first. */
const DISPLAY_ORDER: readonly Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']
/** The hours a day gets when it stops being a day off. */
const FIRST_RANGE: Range = { from: '09:00', to: '13:00' }

interface Range {
  from: string
  to: string
}
type Week = Record<Weekday, Range[]>

/** 'HH:MM-HH:MM,…' as rows of time inputs. */
function rangesOf(text: string): Range[] {
  return text
    .split(',')
    .filter(Boolean)
    .map((r) => {
      const [from = '', to = ''] = r.split('-')
      return { from, to: to === '24:00' ? '00:00' : to }
    })
}

/** The rows back as the form field; a range ending at 00:00 ends at midnight (24:00). */
const fieldOf = (ranges: Range[]) => ranges.map((r) => `${r.from}-${r.to === '00:00' ? '24:00' : r.to}`).join(',')

/**
 * 'My agenda' on the profile of a psychologist (issue 9 §1): open to appointments, the zone
 * and session length, the weekly hours (ranges per weekday, a day off), and the professional
 * extras (degree, languages, specialities, area, nationality, location). Loaded only for
 * psychologists (Profile.tsx imports it lazily); each part saves with its own call, checked
 * first with the same contract the server uses.
 */
export default function PsychologistAgenda({ user }: { user: UserDto }) {
  return (
    <>
      <WeeklyHours />
      <Extras user={user} />
    </>
  )
}

function WeeklyHours() {
  const { t, boot } = usePage()
  const hydrated = useHydrated()
  const [state, setState] = useState<'loading' | 'failed' | 'ready'>('loading')
  const [open, setOpen] = useState(false)
  const [zone, setZone] = useState(boot.timeZone)
  const [slot, setSlot] = useState('60')
  const [week, setWeek] = useState<Week>(() => Object.fromEntries(WEEKDAYS.map((d) => [d, []])) as unknown as Week)
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
    setWeek(Object.fromEntries(WEEKDAYS.map((d) => [d, rangesOf(res.days[d])])) as unknown as Week)
    setState('ready')
  }
  useEffect(() => {
    void load()
  }, [])

  const zones = COMMON_TIME_ZONES.includes(zone as never) ? COMMON_TIME_ZONES : [zone, ...COMMON_TIME_ZONES]
  const slotMinutes = Number(slot)

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
    setWeek(Object.fromEntries(WEEKDAYS.map((d) => [d, rangesOf(res.days[d])])) as unknown as Week)
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
          <div className="agenda-switch-row">
            <div>
              <label htmlFor={`${ids}-open`} className="agenda-switch-label">
                {t('psychologist_profile.open')}
              </label>
              <p className="field-hint" id={`${ids}-open-hint`}>
                {t('psychologist_profile.open_hint')}
              </p>
            </div>
            <input
              id={`${ids}-open`}
              className="agenda-switch"
              type="checkbox"
              role="switch"
              name="open"
              checked={open}
              onChange={(e) => setOpen(e.target.checked)}
              aria-describedby={`${ids}-open-hint`}
              data-testid="agenda-open"
            />
          </div>
          <div className="agenda-pair">
            <div className={`field${errors.timezone ? ' field-invalid' : ''}`}>
              <label htmlFor={`${ids}-zone`}>{t('psychologist_profile.timezone')}</label>
              <select
                id={`${ids}-zone`}
                name="timezone"
                value={zone}
                onChange={(e) => setZone(e.target.value)}
                data-testid="agenda-timezone"
              >
                {zones.map((z) => (
                  <option key={z} value={z}>
                    {z.replaceAll('_', ' ')}
                  </option>
                ))}
              </select>
              {errors.timezone ? (
                <p className="field-error">{errors.timezone}</p>
              ) : (
                <p className="field-hint">{t('psychologist_profile.timezone_hint')}</p>
              )}
            </div>
            <div className={`field${errors.slot_minutes ? ' field-invalid' : ''}`}>
              <label htmlFor={`${ids}-slot`}>{t('psychologist_profile.slot_minutes')}</label>
              <input
                id={`${ids}-slot`}
                name="slot_minutes"
                type="number"
                inputMode="numeric"
                min={SLOT_MINUTES_MIN}
                max={SLOT_MINUTES_MAX}
                step={5}
                value={slot}
                onChange={(e) => setSlot(e.target.value)}
                data-testid="agenda-slot"
              />
              {errors.slot_minutes ? (
                <p className="field-error" data-testid="error-slot_minutes">
                  {errors.slot_minutes}
                </p>
              ) : (
                <p className="field-hint">{t('psychologist_profile.slot_minutes_hint')}</p>
              )}
            </div>
          </div>

          <fieldset className="agenda-week">
            <legend>{t('psychologist_profile.week')}</legend>
            {DISPLAY_ORDER.map((day) => {
              const ranges = week[day]
              const working = ranges.length > 0
              const parsed = parseRanges(fieldOf(ranges))
              const count =
                'ranges' in parsed && slotMinutes >= SLOT_MINUTES_MIN ? slotsIn(parsed.ranges, slotMinutes) : null
              return (
                <div
                  key={day}
                  className={`agenda-day${working ? '' : ' agenda-day-off'}${errors[day] ? ' field-invalid' : ''}`}
                  data-testid={`agenda-day-${day}`}
                >
                  <div className="agenda-day-head">
                    <label className="agenda-day-name">
                      <input
                        type="checkbox"
                        checked={working}
                        onChange={(e) => toggleDay(day, e.target.checked)}
                        data-testid={`agenda-works-${day}`}
                      />
                      <span>{t(`psychologist_profile.days.${day}`)}</span>
                    </label>
                    <span className="agenda-day-note">
                      {working
                        ? count === null
                          ? ''
                          : count === 1
                            ? t('psychologist_profile.one_session')
                            : t('psychologist_profile.sessions', { count })
                        : t('psychologist_profile.day_off')}
                    </span>
                  </div>
                  {working && (
                    <ul className="agenda-ranges">
                      {ranges.map((r, i) => (
                        <li key={i} className="agenda-range" data-testid="agenda-range">
                          <label>
                            <span className="visually-hidden">{`${t(`psychologist_profile.days.${day}`)} · ${t('psychologist_profile.from')}`}</span>
                            <input
                              type="time"
                              step={300}
                              value={r.from}
                              onChange={(e) =>
                                setDay(
                                  day,
                                  ranges.map((x, j) => (j === i ? { ...x, from: e.target.value } : x)),
                                )
                              }
                              data-testid="agenda-from"
                            />
                          </label>
                          <span aria-hidden="true">–</span>
                          <label>
                            <span className="visually-hidden">{`${t(`psychologist_profile.days.${day}`)} · ${t('psychologist_profile.to')}`}</span>
                            <input
                              type="time"
                              step={300}
                              value={r.to}
                              onChange={(e) =>
                                setDay(
                                  day,
                                  ranges.map((x, j) => (j === i ? { ...x, to: e.target.value } : x)),
                                )
                              }
                              data-testid="agenda-to"
                            />
                          </label>
                          <button
                            type="button"
                            className="agenda-remove"
                            onClick={() =>
                              setDay(
                                day,
                                ranges.filter((_, j) => j !== i),
                              )
                            }
                            aria-label={t('psychologist_profile.remove_range')}
                            title={t('psychologist_profile.remove_range')}
                            data-testid="agenda-remove"
                          >
                            <span aria-hidden="true">×</span>
                          </button>
                        </li>
                      ))}
                      <li>
                        <button
                          type="button"
                          className="agenda-add"
                          onClick={() => addRange(day)}
                          data-testid={`agenda-add-${day}`}
                        >
                          + {t('psychologist_profile.add_range')}
                        </button>
                      </li>
                    </ul>
                  )}
                  {errors[day] && (
                    <p className="field-error" data-testid={`error-${day}`}>
                      {errors[day]}
                    </p>
                  )}
                </div>
              )
            })}
          </fieldset>
          <button
            className="button button-primary button-block"
            type="submit"
            disabled={!hydrated || busy}
            data-testid="agenda-save"
          >
            {busy ? t('psychologist_profile.saving') : t('psychologist_profile.save_agenda')}
          </button>
        </form>
      )}
    </section>
  )
}

/** The range after `r`: an hour after it ends, as long as it (within the day). */
function shifted(r: Range): Range {
  const toMin = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5))
  const start = Math.min(toMin(r.to) + 60, 23 * 60)
  const length = Math.max(60, toMin(r.to) - toMin(r.from))
  const end = Math.min(start + length, 24 * 60)
  const hh = (m: number) =>
    m >= 24 * 60 ? '00:00' : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
  return { from: hh(start), to: hh(end) }
}

function Extras({ user }: { user: UserDto }) {
  const { t } = usePage()
  const hydrated = useHydrated()
  const ids = useId()
  const [degree, setDegree] = useState(user.degree ?? '')
  const [languages, setLanguages] = useState<string[]>(user.speaks_in)
  const [symptoms, setSymptoms] = useState<string[]>(user.specialist_in_symptoms)
  const [category, setCategory] = useState(user.specialized_in_the_category ?? '')
  const [nationality, setNationality] = useState(user.nationality ?? '')
  const [located, setLocated] = useState(user.located_at ?? '')
  const form = useForm()
  const { busy, errors, alert } = form

  const toggle = (list: string[], v: string, on: boolean) =>
    on ? [...list.filter((x) => x !== v), v] : list.filter((x) => x !== v)

  async function save() {
    form.setAlert(null)
    if (!languages.length) {
      form.setErrors({ speaks_in: t('validation.required') })
      return
    }
    // 'none' clears a field (an empty value is never sent, SPEC §7).
    const res = await form.send(
      () =>
        call(saveMyPsychologistProfile, {
          input: {
            degree: degree || 'none',
            speaks_in: LANGUAGES.filter((l) => languages.includes(l)).join('|'),
            specialist_in_symptoms: symptoms.length
              ? PSYCHOLOGIST_SYMPTOMS.filter((s) => symptoms.includes(s)).join('|')
              : 'none',
            specialized_in_the_category: category || 'none',
            nationality: nationality || 'none',
            located_at: located || 'none',
          },
        }),
      { alert: 'fields' },
    )
    if (!res) return
    const p = res.psychologist
    setDegree(p.degree ?? '')
    setLanguages(p.speaks_in)
    setSymptoms(p.specialist_in_symptoms)
    setCategory(p.specialized_in_the_category ?? '')
    setNationality(p.nationality ?? '')
    setLocated(p.located_at ?? '')
  }

  const degreeLabel = (value: string) => {
    const key = degreeKeyOf(value)
    return key ? t(`psychologist_profile.degrees.${key}`) : value
  }
  const countryOptions = PSYCHOLOGIST_COUNTRIES.map((c) => (
    <option key={c} value={c}>
      {t(`psychologist_profile.countries.${c}`)}
    </option>
  ))

  return (
    <section className="profile-card agenda" aria-labelledby="extras-title" data-testid="extras">
      <h2 id="extras-title">{t('psychologist_profile.extras')}</h2>
      <p className="agenda-intro">{t('psychologist_profile.extras_intro')}</p>
      <form className="auth-form" onSubmit={form.onSubmit(save)} noValidate data-testid="extras-form">
        <FormAlert message={alert} />
        <Select
          id={`${ids}-degree`}
          name="degree"
          label={t('psychologist_profile.degree')}
          value={degree}
          onValue={setDegree}
          error={errors.degree}
        >
          <option value="">{t('psychologist_profile.not_set')}</option>
          {degree && !degreeKeyOf(degree) && <option value={degree}>{degree}</option>}
          {Object.values(DEGREES).map((d) => (
            <option key={d} value={d}>
              {degreeLabel(d)}
            </option>
          ))}
        </Select>

        <fieldset className={`agenda-choices${errors.speaks_in ? ' field-invalid' : ''}`}>
          <legend>{t('psychologist_profile.languages')}</legend>
          <div className="agenda-chips">
            {LANGUAGES.map((l: Language) => (
              <label key={l} className={`agenda-chip${languages.includes(l) ? ' agenda-chip-on' : ''}`}>
                <input
                  type="checkbox"
                  checked={languages.includes(l)}
                  onChange={(e) => setLanguages((list) => toggle(list, l, e.target.checked))}
                  data-testid={`extras-language-${l}`}
                />
                {t(`psychologist_profile.language_names.${l}`)}
              </label>
            ))}
          </div>
          {errors.speaks_in && (
            <p className="field-error" data-testid="error-speaks_in">
              {errors.speaks_in}
            </p>
          )}
        </fieldset>

        <fieldset className={`agenda-choices${errors.specialist_in_symptoms ? ' field-invalid' : ''}`}>
          <legend>{t('psychologist_profile.specialities')}</legend>
          <div className="agenda-chips">
            {PSYCHOLOGIST_SYMPTOMS.map((s: PsychologistSymptom) => (
              <label key={s} className={`agenda-chip${symptoms.includes(s) ? ' agenda-chip-on' : ''}`}>
                <input
                  type="checkbox"
                  checked={symptoms.includes(s)}
                  onChange={(e) => setSymptoms((list) => toggle(list, s, e.target.checked))}
                  data-testid={`extras-symptom-${s}`}
                />
                {t(`psychologist_profile.symptoms.${s}`)}
              </label>
            ))}
          </div>
          {errors.specialist_in_symptoms && <p className="field-error">{errors.specialist_in_symptoms}</p>}
        </fieldset>

        <Select
          id={`${ids}-category`}
          name="specialized_in_the_category"
          label={t('psychologist_profile.category')}
          value={category}
          onValue={setCategory}
          error={errors.specialized_in_the_category}
        >
          <option value="">{t('psychologist_profile.not_set')}</option>
          {PSYCHOLOGIST_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`psychologist_profile.categories.${c}`)}
            </option>
          ))}
        </Select>
        <div className="agenda-pair">
          <Select
            id={`${ids}-nationality`}
            name="nationality"
            label={t('psychologist_profile.nationality')}
            value={nationality}
            onValue={setNationality}
            error={errors.nationality}
          >
            <option value="">{t('psychologist_profile.not_set')}</option>
            {countryOptions}
          </Select>
          <Select
            id={`${ids}-located`}
            name="located_at"
            label={t('psychologist_profile.located_at')}
            value={located}
            onValue={setLocated}
            error={errors.located_at}
          >
            <option value="">{t('psychologist_profile.not_set')}</option>
            {countryOptions}
          </Select>
        </div>
        <button
          className="button button-primary button-block"
          type="submit"
          disabled={!hydrated || busy}
          data-testid="extras-save"
        >
          {busy ? t('psychologist_profile.saving') : t('psychologist_profile.save_extras')}
        </button>
      </form>
    </section>
  )
}

function Select({
  id,
  name,
  label,
  value,
  onValue,
  error,
  children,
}: {
  id: string
  name: string
  label: string
  value: string
  onValue: (v: string) => void
  error?: string
  children: ReactNode
}) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        data-testid={`extras-${name}`}
      >
        {children}
      </select>
      {error && (
        <p className="field-error" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  )
}
