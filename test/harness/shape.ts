// The field names a call's request schema reads, found by walking the zod schema (zod 4's
// `_zod.def`): through preprocess/transform pipes, optional/default wrappers, unions and
// intersections, down to the objects. A nested object (a list's `filters`) gives
// `filters[name]` as well as the bare `name` (both are accepted, docs/API.md "List calls").
import type { z } from 'zod'

interface Def {
  type: string
  shape?: Record<string, z.ZodType>
  in?: z.ZodType
  out?: z.ZodType
  innerType?: z.ZodType
  options?: z.ZodType[]
  left?: z.ZodType
  right?: z.ZodType
  getter?: () => z.ZodType
}

const defOf = (s: unknown): Def | undefined => (s as { _zod?: { def?: Def } } | undefined)?._zod?.def

/** The object shapes reachable from `schema` (the request's top level). */
function shapesOf(schema: unknown, depth = 0): Record<string, z.ZodType>[] {
  const def = defOf(schema)
  if (!def || depth > 12) return []
  switch (def.type) {
    case 'object':
      return def.shape ? [def.shape] : []
    case 'pipe':
      return [...shapesOf(def.in, depth + 1), ...shapesOf(def.out, depth + 1)]
    case 'union':
      return (def.options ?? []).flatMap((o) => shapesOf(o, depth + 1))
    case 'intersection':
      return [...shapesOf(def.left, depth + 1), ...shapesOf(def.right, depth + 1)]
    case 'lazy':
      return def.getter ? shapesOf(def.getter(), depth + 1) : []
    default:
      return def.innerType ? shapesOf(def.innerType, depth + 1) : []
  }
}

export interface FieldNames {
  /** Top-level names (`email`, `page`, `filters`). */
  top: string[]
  /** Nested object fields: `filters` → ['search', 'language', ...]. */
  nested: Record<string, string[]>
  /** Whether anything was found (else the caller falls back on a generic list). */
  found: boolean
}

export function fieldNamesOf(schema: unknown): FieldNames {
  const top = new Set<string>()
  const nested: Record<string, Set<string>> = {}
  const shapes = shapesOf(schema)
  for (const shape of shapes) {
    for (const [name, field] of Object.entries(shape)) {
      top.add(name)
      for (const inner of shapesOf(field)) for (const k of Object.keys(inner)) (nested[name] ??= new Set()).add(k)
    }
  }
  return {
    top: [...top],
    nested: Object.fromEntries(Object.entries(nested).map(([k, v]) => [k, [...v]])),
    found: shapes.length > 0,
  }
}

/** Every wire name a form or query may use for the schema: `a`, `filters[b]`, and the bare `b`. */
export function wireNamesOf(schema: unknown): string[] {
  const f = fieldNamesOf(schema)
  const out = new Set(f.top)
  for (const [group, names] of Object.entries(f.nested)) {
    for (const name of names) {
      out.add(`${group}[${name}]`)
      out.add(name)
    }
  }
  return [...out]
}

/** The path parameters of a call's path (`/things/:id` → ['id']). */
export const pathParamsOf = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!)
