import { zValidator } from '@hono/zod-validator'
import type { Context } from 'hono'
import { z } from 'zod'
import type { Translate } from '#shared/i18n/index'
import type { AppEnv } from '../env'
import { AppError } from './errors'

const KEY = /^[a-z_]+\.[a-z_.]+$/

type Issue = z.core.$ZodIssue

/** One zod issue as a sentence in the request's language (SPEC §8: field errors show on the form). */
export function issueMessage(issue: Issue, t: Translate): string {
  const i = issue as Issue & Record<string, unknown>
  if (issue.message && KEY.test(issue.message)) return t(issue.message, i)
  switch (issue.code) {
    case 'invalid_type': {
      if (i.input === undefined || i.input === null) return t('validation.required')
      if (i.expected === 'int') return t('validation.integer')
      if (i.expected === 'number') return t('validation.number')
      if (i.expected === 'boolean') return t('validation.boolean')
      if (i.expected === 'date') return t('validation.date')
      return t('validation.invalid')
    }
    case 'too_small':
      return i.origin === 'number' || i.origin === 'bigint'
        ? t('validation.min_number', { min: i.minimum })
        : i.origin === 'string'
          ? Number(i.minimum) === 1
            ? t('validation.required')
            : t('validation.min_length', { min: i.minimum })
          : t('validation.invalid')
    case 'too_big':
      return i.origin === 'number' || i.origin === 'bigint'
        ? t('validation.max_number', { max: i.maximum })
        : i.origin === 'string'
          ? t('validation.max_length', { max: i.maximum })
          : t('validation.invalid')
    case 'invalid_format':
      return i.format === 'email' ? t('validation.email') : /date|time/.test(String(i.format)) ? t('validation.date') : t('validation.invalid')
    case 'invalid_value':
      return t('validation.choice')
    case 'not_multiple_of':
      return t('validation.integer')
    case 'unrecognized_keys':
      return t('validation.unknown_field')
    default:
      return t('validation.invalid')
  }
}

/** Field errors keyed by field name ('filters.search' for nested ones). */
export function fieldErrors(error: { issues: readonly Issue[] }, t: Translate): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) (out[[...issue.path, k].join('.')] ??= []).push(issueMessage(issue, t))
      continue
    }
    const key = issue.path.length ? issue.path.map(String).join('.') : '_'
    const list = (out[key] ??= [])
    const msg = issueMessage(issue, t)
    if (!list.includes(msg)) list.push(msg)
  }
  return out
}

/**
 * SPEC §7's wire rules before the schema sees the input: empty values are omitted,
 * `filters[name]=value` becomes `filters: { name: value }`.
 */
export function normalizeInput(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input
  const out: Record<string, unknown> = {}
  for (const [key, raw] of Object.entries(input as Record<string, unknown>)) {
    const value = Array.isArray(raw) ? raw.filter((v) => v !== '' && v !== undefined) : raw
    if (value === '' || value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue
    const m = /^(\w+)\[(\w*)\]$/.exec(key)
    if (m) {
      const [, group, name] = m
      if (!name) { out[group!] = Array.isArray(value) ? value : [value]; continue }
      const bag = (out[group!] ??= {}) as Record<string, unknown>
      if (typeof bag === 'object') bag[name] = value
      continue
    }
    out[key] = value
  }
  return out
}

type Target = 'query' | 'form' | 'json' | 'param'

/**
 * The one validation wrapper (CONVENTIONS 7): every bad input answers 422 with the same
 * envelope and `errors` keyed by field, in the caller's language. Never a 500.
 */
export function v<T extends z.ZodType, Tg extends Target>(target: Tg, schema: T) {
  return zValidator(target, z.preprocess(normalizeInput, schema) as unknown as T, (result, c) => {
    if (!result.success) {
      const t = (c as unknown as Context<AppEnv>).var.t
      throw new AppError('validation', { fields: fieldErrors(result.error as unknown as { issues: Issue[] }, t) })
    }
  })
}

// Small schema pieces for SPEC §7's wire format.

/** Booleans travel as 0 or 1. */
export const bool01 = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false'], { error: 'validation.boolean' })])
  .transform((v) => v === true || v === '1' || v === 'true')

/** A whole number from a query or form string. */
export const int = () =>
  // Only the type failure gets this message; bounds keep their own (zod 4 applies a
  // schema-level `error` to every issue of the schema otherwise).
  z.coerce.number({ error: (iss) => (iss.code === 'invalid_type' ? 'validation.number' : undefined) }).int({ error: 'validation.integer' })

/** Trimmed text with bounds. */
export const text = (max = 255, min = 1) => z.string().trim().min(min).max(max)

export const email = () => z.string().trim().toLowerCase().max(254).pipe(z.email({ error: 'validation.email' }))

export const language = () => z.enum(['es', 'en'], { error: 'validation.choice' })
