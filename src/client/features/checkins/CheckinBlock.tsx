import { useId, useState } from 'react'
import { CHECKIN_NOTE_MAX, MOOD_KEY, MOODS, VERY_LOW, type Mood } from '#shared/checkins'
import type { CheckinState } from '#shared/contract/checkins'
import { call, contract } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { FormAlert } from '#client/components/Field.tsx'
import { useForm, useHydrated } from '#client/components/forms.tsx'
import { MoodTrend } from './MoodTrend'
import '#client/components/forms.css'
import './checkins.css'

const { saveCheckin } = contract(() => import('#shared/contract/checkins'))

/** Decoration only (each step is read by its words): a face whose mouth turns from down to up. */
function Face({ mood }: { mood: Mood }) {
  const bend = (mood - 3) * 2.5 // the mouth's curve: negative frowns, positive smiles
  return (
    <svg className="mood-face" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle className="face" cx="12" cy="12" r="10" />
      <path className="feature" d="M8.5 9.5v.5M15.5 9.5v.5" />
      <path className="feature" d={`M8 ${15.5 - bend / 2} Q12 ${15.5 + bend} 16 ${15.5 - bend / 2}`} />
    </svg>
  )
}

/**
 * "How do I feel today" on /performance (issue 34 §4): five steps with words (a radio group),
 * an optional short note, once a day on the person's clock (a second save updates the day).
 * After saving: kind words; at the lowest step, help offered gently (/help). The trend beside.
 */
export function CheckinBlock({ initial }: { initial: CheckinState }) {
  const { t, href } = usePage()
  const ready = useHydrated()
  const form = useForm()
  const id = useId()
  const [state, setState] = useState(initial)
  const [mood, setMood] = useState<Mood | null>(initial.today?.mood ?? null)
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
                checked={mood === m}
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
        <FormAlert message={form.alert} />
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
        {veryLow && (
          <aside className="checkin-help" aria-labelledby={`${id}-help`} data-testid="checkin-help">
            <h3 id={`${id}-help`}>{t('checkins.help.title')}</h3>
            <p>{t('checkins.help.body')}</p>
            <a className="button" href={href('help')} data-testid="checkin-help-link">
              {t('checkins.help.link')}
            </a>
          </aside>
        )}
      </form>
      <MoodTrend trend={state.trend} />
    </section>
  )
}
