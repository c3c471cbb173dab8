// A value of unknown type shown or sent as text, without ever writing "[object Object]"
// (the lint's typescript/no-base-to-string, on for src since issue 33 §4).

/** '' for none; strings as they are; numbers, bigints and booleans as JS writes them; dates as ISO; anything else as its JSON. */
export function textOf(v: unknown): string {
  if (v === null || v === undefined) return ''
  if (typeof v === 'string') return v
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v)
  if (v instanceof Date) return v.toISOString()
  return JSON.stringify(v) ?? ''
}
