// A validated partial applied to a row (issue 33 §3): the fields a form sent, under the table's
// keys. The contract's forms name fields in snake_case (SPEC §7) and the drizzle tables key the
// same columns in camelCase (schema.ts conventions), so a save names the fields it copies once
// instead of one `if (f.x !== undefined) patch.x = f.x` line each. A field the form left out
// (undefined) stays as it is; a null is written (the form's schema decides which fields may be null).

type Camel<S extends string> = S extends `${infer H}_${infer R}` ? `${H}${Capitalize<Camel<R>>}` : S

/** The table's key of a form field ('seo_title' → 'seoTitle'). */
const camel = (field: string) => field.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())

/** The fields of `keys` that `form` sends, keyed as the table keys them: ready for `.set()` or an insert. */
export function patchOf<F extends object, K extends keyof F & string>(
  form: F,
  keys: readonly K[],
): { [P in K as Camel<P>]?: Exclude<F[P], undefined> } {
  const patch: Record<string, unknown> = {}
  for (const key of keys) if (form[key] !== undefined) patch[camel(key)] = form[key]
  return patch as { [P in K as Camel<P>]?: Exclude<F[P], undefined> }
}
