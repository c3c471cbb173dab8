// The fields of an audit snapshot that name people (issue 42 §9: "names for people", not a
// recipient "4"). The server looks their names up for the audit list (admin.service list), the
// admin shows them (client/features/admin/audit-words.ts).

/** Columns and form fields holding one person's id, or several (a notification's receivers). */
const PEOPLE_FIELDS: ReadonlySet<string> = new Set([
  'user_id',
  'host_id',
  'guest_id',
  'actor_id',
  'created_by',
  'receivers',
  'preferred_psychologist',
])
/** A field naming people: one of the above, or who did something (`assigned_by`, `cancelled_by`). */
export const isPeopleField = (name: string) => PEOPLE_FIELDS.has(name) || /^[a-z]+_by$/.test(name)

/** The ids in a people field's value: a number, a list, or ids joined by '|' or ','. */
export function idsIn(value: unknown): number[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[|,]/) : [value]
  return list
    .map((x) => (typeof x === 'number' ? x : typeof x === 'string' && /^\d{1,15}$/.test(x.trim()) ? Number(x) : NaN))
    .filter((n) => Number.isInteger(n) && n > 0)
}

/** Every person's id a snapshot (JSON text, maybe cut short) names, at any depth. */
export function peopleIdsOf(text: unknown): number[] {
  if (typeof text !== 'string' || !text) return []
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return []
  }
  const out = new Set<number>()
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk)
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (isPeopleField(k)) idsIn(x).forEach((n) => out.add(n))
        else walk(x)
      }
  }
  walk(value)
  return [...out]
}
