import { useEffect, useId, useRef, useState } from 'react'
import { CHECKIN_NOTE_MAX, MOOD_KEY, MOODS, VERY_LOW, type Mood } from '#shared/checkins'
import type { CheckinState } from '#shared/contract/checkins'
import { call, contract } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { untilTouched } from '#client/components/TouchPart.tsx'
import { useForm, useHydrated } from '#client/components/forms.tsx'
import '#client/components/forms.css'
import './checkins.css'

const { saveCheckin } = contract(() => import('#shared/contract/checkins'))

// The trend's chart is drawn by the server and nobody acts on it as the page opens: its code comes
// at the first touch (decision 072), while the faces above hydrate with the page (decision 069).
// A save changes its props only after a tap, which is that touch.
const later = () => import('./CheckinParts')
const MoodTrend = untilTouched(() => later().then((m) => m.MoodTrend))
const CheckinHelp = untilTouched(() => later().then((m) => m.CheckinHelp))

/** Eyes open (dots) or smiling (arcs, the happiest step). */
const DOT_EYES = 'M8.5 9.5v.5M15.5 9.5v.5'
/**
 * The five faces, each with its own features so no two read alike at 30 px (issue 42 §10: "Muy
 * mal" and "Mal" differed only by a little more curve). 1: a deep frown, sad brows and a tear;
 * 2: a soft frown; 3: a straight mouth; 4: a soft smile; 5: smiling eyes and an open smile.
 */
const FACES: Record<Mood, { eyes: string; mouth: string; brows?: string; tear?: string; open?: boolean }> = {
  1: {
    eyes: 'M8.5 10.5v.5M15.5 10.5v.5',
    brows: 'M6.8 8.6L10 7M17.2 8.6L14 7',
    mouth: 'M7.8 18Q12 12.4 16.2 18',
    tear: 'M16.3 12.6q-1.1 1.7 0 2.4q1.1-.7 0-2.4z',
  },
  2: { eyes: DOT_EYES, mouth: 'M8.8 16.6Q12 14.4 15.2 16.6' },
  3: { eyes: DOT_EYES, mouth: 'M8.5 15.5H15.5' },
  4: { eyes: DOT_EYES, mouth: 'M8.6 14.6Q12 17.4 15.4 14.6' },
  5: {
    eyes: 'M7.3 10.2Q8.9 8.4 10.5 10.2M13.5 10.2Q15.1 8.4 16.7 10.2',
    mouth: 'M7.4 13.4Q12 21 16.6 13.4Z',
    open: true,
  },
}

/** Decoration only (each step is read by its words). */
function Face({ mood }: { mood: Mood }) {
  const f = FACES[mood]
  return (
    <svg className="mood-face" viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-mood={mood}>
      <circle className="face" cx="12" cy="12" r="10" />
      {f.brows && <path className="feature" d={f.brows} />}
      <path className="feature" d={f.eyes} />
      <path className={f.open ? 'feature filled' : 'feature'} d={f.mouth} />
      {f.tear && <path className="filled" d={f.tear} />}
    </svg>
  )
}

/**
 * "How do I feel today" on /performance (issue 34 §4): five steps with words (a radio group),
 * an optional short note, once a day on the person's clock (a second save updates the day).
 * After saving: kind words; at the lowest step, help offered gently (/help). The trend beside.
 */
export function CheckinBlock({ initial }: { initial: CheckinState }) {
  const { t } = usePage()
  const ready = useHydrated()
  const form = useForm()
  const id = useId()
  const [state, setState] = useState(initial)
  const [mood, setMood] = useState<Mood | null>(initial.today?.mood ?? null)
  // The faces are left to the browser (defaultChecked): a face tapped before React is there stays
  // chosen (a controlled radio would be set back to the server's choice as it hydrates), and is
  // taken as the choice once it is (a person at their lowest must not have to tap twice).
  const faces = useRef<HTMLFieldSetElement>(null)
  useEffect(() => {
    const tapped = faces.current?.querySelector<HTMLInputElement>('input[name="mood"]:checked')
    if (tapped) setMood(Number(tapped.value) as Mood)
  }, [])
  const [note, setNote] = useState(initial.today?.note ?? '')
  const [kind, setKind] = useState<{ words: string; updated: boolean } | null>(null)
  const word = (m: Mood) => t(`checkins.moods.${MOOD_KEY[m]}`)

  const save = () =>
    form
      .send(
        () => call(saveCheckin, { input: { mood: mood ?? undefined, note: note.trim() || undefined }, silent: true }),
        {
          alert: 'fields',
        },
      )
      .then((res) => {
        if (!res) return
        setState({ today: res.today, trend: res.trend })
        setKind({ words: res.message ?? '', updated: res.updated })
      })

  const today = state.today
  const veryLow = today?.mood === VERY_LOW
  return (
    <section className="checkin-block" aria-labelledby={`${id}-title`} data-testid="checkin">
      <form className="checkin-form" onSubmit={form.onSubmit(save)} noValidate>
        <h2 id={`${id}-title`}>{t('checkins.title')}</h2>
        <p className="muted">{t('checkins.intro')}</p>
        <fieldset
          ref={faces}
          className="mood-scale"
          role="radiogroup"
          aria-labelledby={`${id}-scale`}
          aria-describedby={form.errors.mood ? `${id}-mood-error` : undefined}
        >
          <legend id={`${id}-scale`}>{t('checkins.scale_label')}</legend>
          {MOODS.map((m) => (
            <label key={m} className={`mood-option mood-${m}`} data-testid={`mood-${m}`}>
              <input
                type="radio"
                name="mood"
                value={m}
                defaultChecked={initial.today?.mood === m}
                onChange={() => {
                  setMood(m)
                  form.clearError('mood')
                }}
              />
              <Face mood={m} />
              <span className="mood-word">{word(m)}</span>
            </label>
          ))}
        </fieldset>
        {form.errors.mood && (
          <p id={`${id}-mood-error`} className="field-error" role="alert" data-testid="error-mood">
            {form.errors.mood}
          </p>
        )}
        <div className={`field${form.errors.note ? ' field-invalid' : ''}`}>
          <label htmlFor={`${id}-note`}>{t('checkins.note_label')}</label>
          <textarea
            id={`${id}-note`}
            name="note"
            rows={2}
            maxLength={CHECKIN_NOTE_MAX}
            value={note}
            onChange={(e) => {
              setNote(e.target.value)
              form.clearError('note')
            }}
            aria-invalid={form.errors.note ? true : undefined}
            aria-describedby={`${id}-note-hint${form.errors.note ? ` ${id}-note-error` : ''}`}
            data-testid="checkin-note"
          />
          <p id={`${id}-note-hint`} className="field-hint">
            {t('checkins.note_hint', { max: CHECKIN_NOTE_MAX })}
          </p>
          {form.errors.note && (
            <p id={`${id}-note-error`} className="field-error" data-testid="error-note">
              {form.errors.note}
            </p>
          )}
        </div>
        {/* FormAlert's markup, written here: Field.tsx, its module, is 1 KB of fields the check-in does not use (decision 072). */}
        {form.alert && (
          <p className="form-alert form-alert-danger" role="alert" data-testid="form-alert">
            {form.alert}
          </p>
        )}
        <button
          className="button button-primary"
          type="submit"
          disabled={!ready || form.busy}
          data-testid="checkin-save"
        >
          {form.busy ? t('checkins.saving') : today ? t('checkins.update') : t('checkins.save')}
        </button>
        <div role="status" className="checkin-status" data-testid="checkin-status">
          {kind ? (
            <p className="checkin-kind" data-testid="checkin-kind">
              {kind.updated && <span>{t('checkins.updated')} </span>}
              {kind.words}
            </p>
          ) : (
            today && <p className="muted">{t('checkins.done_today', { mood: word(today.mood) })}</p>
          )}
        </div>
        {/* Help offered gently at the lowest step: its code at the first touch (a save is one). */}
        {veryLow && <CheckinHelp />}
      </form>
      <MoodTrend trend={state.trend} />
    </section>
  )
}
