// What the route and post editors share (issue 6): required fields on create, slugs unique per
// language (the unique index decides; a clash is a 409 on the field), and categories, which
// routes and posts each have in their own table with the same shape.
import type { CategoryForm } from '#shared/contract/content.manage'
import type { Locale } from '#shared/i18n/index'
import { AppError } from '#worker/http/errors'
import { isUniqueViolation } from '#worker/db/errors'

export const required = (fields: readonly string[]) =>
  new AppError('validation', { fields: Object.fromEntries(fields.map((f) => [f, ['validation.required']])) })

/** The fields of `keys` that `form` lacks. */
export const absentOf = <K extends string>(form: Partial<Record<K, unknown>>, keys: readonly K[]) =>
  keys.filter((k) => form[k] === undefined)

/** Run a write whose unique index may refuse it: a slug clash becomes a 409. */
export async function uniqueSlug<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError('conflict', {
        message: 'content_manage.slug_taken',
        fields: { slug: ['content_manage.slug_taken'] },
      })
    throw err
  }
}

interface CategoryRow {
  id: number
  language: Locale
  slug: string
  title: string
}
/** A category as the contract shows it. */
export const categoryDto = (r: CategoryRow) => ({ id: r.id, language: r.language, slug: r.slug, title: r.title })

export interface CategoryStore {
  find(id: number): Promise<CategoryRow | undefined>
  insert(values: { language: Locale; slug: string; title: string }): Promise<CategoryRow>
  update(
    id: number,
    patch: Partial<{ language: Locale; slug: string; title: string }>,
  ): Promise<CategoryRow | undefined>
}

/** POST /v1/route/category, /v1/post/category: create (language, slug, title) or update. */
export async function saveCategoryWith(store: CategoryStore, f: CategoryForm, missing: () => AppError) {
  const patch = {
    ...(f.language && { language: f.language }),
    ...(f.slug && { slug: f.slug }),
    ...(f.title && { title: f.title }),
  }
  let row: CategoryRow | undefined
  if (f.id === undefined) {
    const absent = absentOf(f, ['language', 'slug', 'title'] as const)
    if (absent.length) throw required(absent)
    row = await uniqueSlug(() => store.insert(patch as { language: Locale; slug: string; title: string }))
  } else {
    row = Object.keys(patch).length ? await uniqueSlug(() => store.update(f.id!, patch)) : await store.find(f.id)
    if (!row) throw missing()
  }
  return { category: categoryDto(row), created: f.id === undefined }
}
