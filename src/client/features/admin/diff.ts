// The audit trail's change as people read it (issue 34 §5): field: before → after, one line per
// changed field, labels in the admin's language where the admin has a name for them, long values
// shortened. A snapshot is `{ table: [row, …] }` (worker/features/admin/audit.ts), or
// `{ form: [fields] }` when only the sent form was kept.

export type Change = { field: string; before: unknown; after: unknown }

const SHORT = 60

/** A snapshot's values by path: the first table's single row by its columns, the rest as 'table 2 · column'. */
function flatten(snapshot: unknown): Map<string, unknown> {
  const out = new Map<string, unknown>()
  if (!snapshot || typeof snapshot !== 'object') return out
  const put = (prefix: string, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v))
      for (const [k, x] of Object.entries(v)) put(prefix ? `${prefix}.${k}` : k, x)
    else out.set(prefix, v)
  }
  Object.entries(snapshot).forEach(([table, rows], ti) => {
    const list = Array.isArray(rows) ? rows : [rows]
    list.forEach((row, i) => put(ti === 0 && list.length === 1 ? '' : `${table} ${i + 1} ·`, row))
  })
  // 'units 1 ·.title' → 'units 1 · title'
  return new Map([...out].map(([k, v]) => [k.replace(' ·.', ' · '), v]))
}

/** A stored snapshot (JSON text, maybe cut short by the list) as an object; null when it is none. */
export function parseSnapshot(text: unknown): { value: unknown; cut: boolean } {
  if (text === null || text === undefined || text === '') return { value: null, cut: false }
  if (typeof text !== 'string') return { value: text, cut: false }
  try {
    return { value: JSON.parse(text), cut: false }
  } catch {
    return { value: null, cut: true }
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/** The fields that differ between two snapshots, in the order they first appear. */
export function diffSnapshots(before: unknown, after: unknown): Change[] {
  const b = flatten(before)
  const a = flatten(after)
  const keys = [...new Set([...b.keys(), ...a.keys()])]
  return keys.filter((k) => !same(b.get(k), a.get(k))).map((k) => ({ field: k, before: b.get(k), after: a.get(k) }))
}

/** A value in a few words: empty as '—', yes/no, lists joined, long text cut with '…'. */
export function shortValue(v: unknown, words: { yes: string; no: string }): string {
  if (v === null || v === undefined || v === '') return '—'
  if (typeof v === 'boolean') return v ? words.yes : words.no
  const one = (x: unknown) => (x !== null && typeof x === 'object' ? '…' : String(x as string | number))
  const text = Array.isArray(v) ? v.map(one).join(', ') : one(v)
  return text.length > SHORT ? `${text.slice(0, SHORT - 1)}…` : text
}
