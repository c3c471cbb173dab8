// One /v1 call of the contract (issue 13 §2): its method, path, request and response schemas.
// The server mounts and validates with it (worker/http/endpoint.ts), the browser's call helper
// is keyed by it (client/api.ts), so a path cannot be paired with another call's schemas, and
// the tests parse every answer with its response schema (test/contract).
import type { z } from 'zod'
import type { MessageKey } from '#shared/i18n/index'

export type Method = 'GET' | 'POST' | 'DELETE'

export interface Call<
  M extends Method = Method,
  P extends string = string,
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
> {
  method: M
  /** Path under /v1, Hono style (':id' for a parameter). */
  path: P
  /** The query (GET) or form body (POST, DELETE) before SPEC §7's wire rules; see validation.ts. */
  request: Req
  /** The success envelope. Refusals all have failureSchema's shape. */
  response: Res
  /**
   * Seconds a shared cache may keep a visitor's answer (public content only). Every other
   * answer, and every answer to a signed-in caller, is `Cache-Control: no-store` (issue 14 §3).
   */
  publicCacheSeconds?: number
  /**
   * Health data another person chose to show (issue 44 §2): `Cache-Control: private, no-store`,
   * so neither a shared cache nor the browser's keeps it, whoever asks.
   */
  privateNoStore?: true
  /** The success answer's status when it is not 200 (a call that always creates: 201). */
  status?: 200 | 201 | 202
  /** The success answer's message, in the caller's language (a result may choose another). */
  message?: MessageKey
  /** A save's message when it made its row (then 201); `message` when it changed one. */
  createdMessage?: MessageKey
}

export function defineCall<M extends Method, P extends string, Req extends z.ZodType, Res extends z.ZodType>(
  call: Call<M, P, Req, Res>,
) {
  return call
}

/** What a call may say besides its method, path and schemas. */
export type CallOptions = Pick<Call, 'publicCacheSeconds' | 'privateNoStore' | 'status' | 'message' | 'createdMessage'>

// A call in one line where it fits (issue 33 §"Repeats": 124 calls spelt the same six keys):
// `get('/route/stats', request, response)` is `defineCall({ method: 'GET', path, request, response })`.
const callOf =
  <M extends Method>(method: M) =>
  <P extends string, Req extends z.ZodType, Res extends z.ZodType>(
    path: P,
    request: Req,
    response: Res,
    options: CallOptions = {},
  ): Call<M, P, Req, Res> => ({ method, path, request, response, ...options })

export const get = callOf('GET')
export const post = callOf('POST')
export const del = callOf('DELETE')

/**
 * A call's method and path alone, typed by its definition: what the browser's `read` needs
 * (client/api.ts), without the contract's module and so without zod. `wire<typeof x>({ method,
 * path })` fails the type-check when the path or method is not the call's (reads.wire.ts).
 */
export type Wire<C extends Call> = Pick<C, 'method' | 'path'> & { readonly __call?: C }
export const wire = <C extends Call>(def: Pick<C, 'method' | 'path'>): Wire<C> => def

/** What a caller may send: the schema's input where it is known, form values otherwise. */
export type CallInput<C extends Call> =
  unknown extends z.input<C['request']> ? WireRecord : Partial<Record<keyof z.input<C['request']>, WireValue>>
export type CallOutput<C extends Call> = z.output<C['response']>
export type WireValue = string | number | boolean | Date | null | undefined | readonly (string | number)[]
export type WireRecord = Record<string, WireValue>
