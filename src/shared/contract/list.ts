// The list parameters of SPEC §7 and the one place they become a query (issue 13 §3): page,
// per_page, with_properties, with_relations, with_relations_counts (joined by '|'), order_by
// and filters[name]=value (or bare name=value). Every list call's request schema is made here,
// and its output, a ListQuery, goes to the service and the repo unchanged.
import { z } from './zod'
import { envelope } from './common'
import { PAGE_SIZE } from '#shared/limits'
import { int } from './fields'

export interface ListSpec<F extends z.ZodRawShape> {
  filters: F
  /** Columns a caller may order by; the first is the default. */
  orderBy: readonly string[]
  defaultOrder?: string
  properties?: readonly string[]
  relations?: readonly string[]
  maxPerPage?: number
  defaultPerPage?: number
}

export interface ListOrder {
  column: string
  dir: 'asc' | 'desc'
}

/** A list request as services and repos read it. */
export interface ListQuery<F = Record<string, unknown>> {
  page: number
  perPage: number
  /** Rows to skip: (page - 1) * perPage. */
  offset: number
  order: ListOrder
  filters: F
  properties: string[]
  relations: string[]
  counts: string[]
}

/** The list's own parameters, never read as a bare filter. */
const LIST_PARAMS: ReadonlySet<string> = new Set([
  'page',
  'per_page',
  'with_properties',
  'with_relations',
  'with_relations_counts',
  'order_by',
  'filters',
])

const pipeList = (allowed: readonly string[] = []) =>
  z
    .string()
    .max(200)
    .optional()
    .transform((s) =>
      s
        ? s
            .split('|')
            .map((x) => x.trim())
            .filter((x) => allowed.includes(x))
        : [],
    )

/**
 * per_page is clamped to the maximum rather than refused, so a generous client still works;
 * values that cannot be a page at all (abc, 0, -1) are refused with field errors.
 */
export function listSchema<F extends z.ZodRawShape>(spec: ListSpec<F>) {
  const max = spec.maxPerPage ?? PAGE_SIZE.max
  const orderRe = /^([a-z_]+)(?:\s+(asc|desc))?$/i
  return z.preprocess(
    (input) => {
      // Known filters may also come bare (?search=x) as well as filters[search]=x, except a
      // filter named like a list parameter (the events' `page` path): bare, `page` is the page
      // number, so that filter only comes as filters[page]=x.
      if (!input || typeof input !== 'object') return input
      const obj = { ...(input as Record<string, unknown>) }
      const filters = { ...(obj.filters as Record<string, unknown> | undefined) }
      for (const name of Object.keys(spec.filters)) {
        if (LIST_PARAMS.has(name)) continue
        if (name in obj && !(name in filters)) filters[name] = obj[name]
        delete obj[name]
      }
      obj.filters = filters
      return obj
    },
    z
      .object({
        page: int({ min: 1, max: 100_000 }).default(1),
        per_page: int({ min: 1 })
          .default(spec.defaultPerPage ?? PAGE_SIZE.default)
          .transform((n) => Math.min(n, max)),
        with_properties: pipeList(spec.properties),
        with_relations: pipeList(spec.relations),
        with_relations_counts: pipeList(spec.relations),
        order_by: z
          .string()
          .max(64)
          .optional()
          .superRefine((s, ctx) => {
            if (s === undefined) return
            const m = orderRe.exec(s.trim())
            if (!m || !spec.orderBy.includes(m[1]!)) ctx.addIssue({ code: 'custom', message: 'validation.order_by' })
          })
          .transform((s): ListOrder => {
            const m = orderRe.exec((s ?? spec.defaultOrder ?? spec.orderBy[0]!).trim())!
            return { column: m[1]!, dir: m[2]?.toLowerCase() === 'desc' ? 'desc' : 'asc' }
          }),
        filters: z.object(spec.filters).default({} as never),
      })
      .transform((q): ListQuery<z.output<z.ZodObject<F>>> => ({
        page: q.page,
        perPage: q.per_page,
        offset: (q.page - 1) * q.per_page,
        order: q.order_by,
        filters: q.filters as z.output<z.ZodObject<F>>,
        properties: q.with_properties,
        relations: q.with_relations,
        counts: q.with_relations_counts,
      })),
  )
}

/** The pagination object every list call answers with (docs/API.md). */
export const paginationSchema = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
})
export type Pagination = z.infer<typeof paginationSchema>

/** A list call's answer: one page of rows under `key`, and its pagination (docs/API.md). */
export const pageOf = <K extends string, R extends z.ZodType>(key: K, row: R) =>
  envelope({ [key]: z.array(row), pagination: paginationSchema } as { [P in K]: z.ZodArray<R> } & {
    pagination: typeof paginationSchema
  })

/** The pagination of one page of `count` rows out of `total`. */
export function pagination(q: Pick<ListQuery, 'page' | 'perPage'>, total: number, count: number): Pagination {
  const from = count ? (q.page - 1) * q.perPage + 1 : null
  return {
    current_page: q.page,
    per_page: q.perPage,
    total,
    last_page: Math.max(1, Math.ceil(total / q.perPage)),
    from,
    to: from === null ? null : from + count - 1,
  }
}
