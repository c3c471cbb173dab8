// How a request is read and how its problems are worded, the same on both sides: the server
// answers 422 with these field errors (worker/http/validate.ts), and the browser's call helper
// (client/api.ts) parses a form with the same schema first, so a person sees the same words
// before anything is sent.
import { z } from 'zod'
import type { MessageKey, Translate } from '#shared/i18n/index'

// Zod leaves the value out of its issues (`reportInput`), so a value of the wrong type could not
// be told from a missing one: both said "required". A missing one is named as the issue is made,
// where zod still has the value; a schema's own message still comes first.
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)
      ? 'validation.required'
      : undefined,
})

const KEY = /^[a-z_]+\.[a-z_.]+$/

type Issue = z.core.$ZodIssue

/** One zod issue as a sentence in the caller's language (SPEC §8: field errors show on the form). */
export function issueMessage(issue: Issue, t: Translate): string {
  const i = issue as Issue & Record<string, unknown>
  // A schema's own message is a key of the catalogue ('accounts.errors.legal_age').
  if (issue.message && KEY.test(issue.message)) return t(issue.message as MessageKey, i)
  switch (issue.code) {
    case 'invalid_type': {
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
      return i.format === 'email'
        ? t('validation.email')
        : /date|time/.test(String(i.format))
          ? t('validation.date')
          : t('validation.invalid')
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
 * `filters[name]=value` becomes `filters: { name: value }`, `list[]=a&list[]=b` a list.
 */
/** Field names that would reach an object's prototype. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

export function normalizeInput(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input
  // Objects without a prototype, and the names that reach one refused outright: a field named
  // `__proto__[role]` must never write to Object.prototype (found by the fuzz harness, issue 14).
  const out: Record<string, unknown> = Object.create(null)
  for (const [key, raw] of Object.entries(input as Record<string, unknown>)) {
    const value = Array.isArray(raw) ? raw.filter((v) => v !== '' && v !== undefined) : raw
    if (value === '' || value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue
    const m = /^(\w+)\[(\w*)\]$/.exec(key)
    if (m) {
      const [, group, name] = m
      if (UNSAFE_KEYS.has(group!) || UNSAFE_KEYS.has(name!)) continue
      if (!name) {
        out[group!] = Array.isArray(value) ? value : [value]
        continue
      }
      const bag = (out[group!] ??= Object.create(null)) as Record<string, unknown>
      if (typeof bag === 'object' && !Array.isArray(bag)) bag[name] = value
      continue
    }
    if (UNSAFE_KEYS.has(key)) continue
    out[key] = value
  }
  return out
}
