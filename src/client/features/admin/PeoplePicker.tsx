// Recipients chosen by name or email (issue 34 §5), instead of typing ids: a search through the
// admin's user list (GET /v1/users), the chosen as chips with a remove button. The form holds
// their ids joined by '|' (the contract's `receivers`); none chosen sends none: everyone the
// role and language allow.
import { useEffect, useState } from 'react'
import { listUsers } from '#shared/contract/users'
import { DELAYS_MS } from '#shared/limits'
import { call } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'

type Person = { id: number; name: string | null; email: string }
const nameOf = (p: Person) => (p.name ? `${p.name} · ${p.email}` : p.email)

export function PeoplePicker({
  id,
  value,
  set,
  invalid,
}: {
  id: string
  value: string
  set: (v: string) => void
  invalid: true | undefined
}) {
  const { t } = usePage()
  const ids = value ? value.split('|').map(Number) : []
  const [known, setKnown] = useState<Map<number, string>>(new Map())
  const [search, setSearch] = useState('')
  const [found, setFound] = useState<Person[] | null>(null)

  useEffect(() => {
    const q = search.trim()
    if (q.length < 2) return setFound(null)
    let live = true
    const find = async () => {
      const res = await call(listUsers, { input: { 'filters[search]': q, per_page: 8 } })
      if (live && res.success) setFound((res as unknown as { users: Person[] }).users)
    }
    const h = setTimeout(() => void find(), DELAYS_MS.searchDebounce)
    return () => ((live = false), clearTimeout(h))
  }, [search])

  const add = (p: Person) => {
    setKnown((m) => new Map(m).set(p.id, nameOf(p)))
    if (!ids.includes(p.id)) set([...ids, p.id].join('|'))
    setSearch('')
  }
  const remove = (n: number) => set(ids.filter((x) => x !== n).join('|'))
  const label = (n: number) => known.get(n) ?? `#${n}`

  return (
    <div className="adm-people" data-testid="people-picker">
      <ul className="adm-chips" aria-live="polite">
        {ids.map((n) => (
          <li key={n} className="adm-chip" data-testid="people-chip">
            {label(n)}
            <button
              type="button"
              aria-label={t('admin.staff.people.remove', { name: label(n) })}
              onClick={() => remove(n)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {ids.length ? null : <p className="adm-hint">{t('admin.staff.people.none')}</p>}
      <input
        id={id}
        type="search"
        autoComplete="off"
        placeholder={t('admin.staff.people.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        aria-invalid={invalid}
        data-testid="people-search"
      />
      {found ? (
        <ul className="adm-people-found">
          {found.length ? null : <li className="adm-hint">{t('admin.staff.people.no_match')}</li>}
          {found.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className="adm-btn"
                aria-label={t('admin.staff.people.add', { name: nameOf(p) })}
                onClick={() => add(p)}
                data-testid="people-option"
              >
                {nameOf(p)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
