import { zValidator } from '@hono/zod-validator'
import type { Context } from 'hono'
import { z } from 'zod'
import { fieldErrors, normalizeInput } from '#shared/contract/validation'
import type { AppEnv } from '#worker/env'
import { AppError } from './errors'

type Target = 'query' | 'form' | 'json' | 'param'

/**
 * The one validation wrapper (CONVENTIONS 7): every bad input answers 422 with the same
 * envelope and `errors` keyed by field, in the caller's language. Never a 500.
 */
export function v<T extends z.ZodType, Tg extends Target>(target: Tg, schema: T) {
  return zValidator(target, z.preprocess(normalizeInput, schema) as unknown as T, (result, c) => {
    if (!result.success) {
      const t = (c as unknown as Context<AppEnv>).var.t
      throw new AppError('validation', {
        fields: fieldErrors(result.error as unknown as { issues: z.core.$ZodIssue[] }, t),
      })
    }
  })
}
