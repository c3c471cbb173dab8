/**
 * A fieldset of toggles shown as chips (the languages and the specialities of the agenda's
 * extras): the caller owns the chosen list; a toggle adds the value last or drops it.
 */
export function ChoiceChips<V extends string>({
  name,
  legend,
  options,
  chosen,
  labelOf,
  testId,
  error,
  onChosen,
}: {
  name: string
  legend: string
  options: readonly V[]
  chosen: string[]
  labelOf: (v: V) => string
  testId: string
  error?: string
  onChosen: (update: (list: string[]) => string[]) => void
}) {
  const toggle = (list: string[], v: string, on: boolean) =>
    on ? [...list.filter((x) => x !== v), v] : list.filter((x) => x !== v)
  return (
    <fieldset className={`agenda-choices${error ? ' field-invalid' : ''}`}>
      <legend>{legend}</legend>
      <div className="agenda-chips">
        {options.map((v) => (
          <label key={v} className={`agenda-chip${chosen.includes(v) ? ' agenda-chip-on' : ''}`}>
            <input
              type="checkbox"
              checked={chosen.includes(v)}
              onChange={(e) => onChosen((list) => toggle(list, v, e.target.checked))}
              data-testid={`${testId}-${v}`}
            />
            {labelOf(v)}
          </label>
        ))}
      </div>
      {error && (
        <p className="field-error" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </fieldset>
  )
}
