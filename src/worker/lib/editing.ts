// What the route and post editors share (issue 6): required fields on create, slugs unique per
// language (the unique index decides; a clash is a 409 on the field), and categories, which
// routes and posts each have in their own table with the same shape.
import type { CategoryForm } from '#shared/contract/content.manage'
import type { ListQuery } from '#shared/contract/list'
import { pagination } from '#shared/contract/list'
import type { Locale } from '#shared/i18n/index'
import type { Ctx } from '#worker/context'
import type { Db } from '#worker/db/client'
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
const categoryDto = (r: CategoryRow) => ({ id: r.id, language: r.language, slug: r.slug, title: r.title })

/** A kind of category's rows (db/by-id.ts `categoryRows`). */
interface CategoryRows {
  find(db: Db, id: number): Promise<CategoryRow | undefined>
  insert(db: Db, values: { language: Locale; slug: string; title: string }): Promise<CategoryRow>
  update(
    db: Db,
    id: number,
    patch: Partial<{ language: Locale; slug: string; title: string }>,
  ): Promise<CategoryRow | undefined>
  remove(db: Db, id: number): Promise<{ id: number } | undefined>
  page(
    db: Db,
    language: Locale,
    page: { perPage: number; offset: number },
  ): Promise<{ rows: CategoryRow[]; total: number }>
}

/**
 * GET, POST and DELETE /v1/route/category and /v1/post/category over one kind's rows: list a
 * language's page, create (language, slug, title) or update, delete (its routes or posts keep
 * existing, without a category). `missing` is the kind's own not-found error.
 */
export function categoryEditing(rows: CategoryRows, missing: () => AppError) {
  return {
    list: async (ctx: Ctx, q: ListQuery<{ language?: Locale }>) => {
      const page = await rows.page(ctx.db, q.filters.language ?? ctx.locale, q)
      return { categories: page.rows.map(categoryDto), pagination: pagination(q, page.total, page.rows.length) }
    },
    save: async (ctx: Ctx, f: CategoryForm) => {
      const patch = {
        ...(f.language && { language: f.language }),
        ...(f.slug && { slug: f.slug }),
        ...(f.title && { title: f.title }),
      }
      let row: CategoryRow | undefined
      if (f.id === undefined) {
        const absent = absentOf(f, ['language', 'slug', 'title'] as const)
        if (absent.length) throw required(absent)
        row = await uniqueSlug(() => rows.insert(ctx.db, patch as { language: Locale; slug: string; title: string }))
      } else {
        row = Object.keys(patch).length
          ? await uniqueSlug(() => rows.update(ctx.db, f.id!, patch))
          : await rows.find(ctx.db, f.id)
        if (!row) throw missing()
      }
      return { category: categoryDto(row), created: f.id === undefined }
    },
    remove: async (ctx: Ctx, id: number) => {
      if (!(await rows.remove(ctx.db, id))) throw missing()
    },
  }
}
