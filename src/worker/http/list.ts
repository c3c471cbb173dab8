import { z } from 'zod'
import { PAGE_SIZE } from '#shared/limits'
import { int } from './validate'

/**
 * The list parameters of SPEC §7: page, per_page, with_properties, with_relations,
 * with_relations_counts (joined by '|'), order_by and filters[name]=value.
 * per_page is clamped to PAGE_SIZE.max rather than refused, so a generous client still works;
 * values that cannot be a page at all (abc, 0, -1) are refused with field errors.
 */
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

const pipeList = (allowed: readonly string[] = []) =>
  z
    .string()
    .max(200)
    .optional()
    .transform((s) => (s ? s.split('|').map((x) => x.trim()).filter((x) => allowed.includes(x)) : []))

export function listSchema<F extends z.ZodRawShape>(spec: ListSpec<F>) {
  const max = spec.maxPerPage ?? PAGE_SIZE.max
  const orderRe = /^([a-z_]+)(?:\s+(asc|desc))?$/i
  return z
    .preprocess(
      (input) => {
        // Known filters may also come bare (?search=x) as well as filters[search]=x.
        if (!input || typeof input !== 'object') return input
        const obj = { ...(input as Record<string, unknown>) }
        const filters = { ...((obj.filters as Record<string, unknown>) ?? {}) }
        for (const name of Object.keys(spec.filters)) {
          if (name in obj && !(name in filters)) filters[name] = obj[name]
          delete obj[name]
        }
        obj.filters = filters
        return obj
      },
      z.object({
        page: int().min(1).default(1),
        per_page: int().min(1).default(spec.defaultPerPage ?? PAGE_SIZE.default).transform((n) => Math.min(n, max)),
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
          .transform((s) => {
            const m = orderRe.exec((s ?? spec.defaultOrder ?? spec.orderBy[0]!).trim())!
            return { column: m[1]!, dir: (m[2]?.toLowerCase() === 'desc' ? 'desc' : 'asc') as 'asc' | 'desc' }
          }),
        filters: z.object(spec.filters).default({} as never),
      }),
    )
}

export interface Pagination {
  current_page: number
  per_page: number
  total: number
  last_page: number
  from: number | null
  to: number | null
}

export function pagination(page: number, perPage: number, total: number, count: number): Pagination {
  const from = count ? (page - 1) * perPage + 1 : null
  return {
    current_page: page,
    per_page: perPage,
    total,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    from,
    to: from === null ? null : from + count - 1,
  }
}

export const offsetOf = (page: number, perPage: number) => (page - 1) * perPage
