// Routes mounted from the contract (issue 33 §1; docs/decisions/042). A call is named once:
//
//   export const likeRoutes = routes((on) => {
//     on(calls.like, signedIn, (input, ctx) => likes.like(ctx, input.route_id))
//   })
//
// The call gives the method, the path, the request schema (422 with field errors before the
// handler runs), the success status and message (`status`, `message` in its declaration), and
// the envelope. The handler takes the parsed input and the service context and returns the
// payload; `answer()` when the result decides the status or the message (created → 201), a
// `Response` for what is not an envelope (a redirect, a file), and the Hono context as its third
// argument for what only a request has (cookies, headers, the session to start or end).
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { z } from 'zod'
import type { Call } from '#shared/contract/call'
import type { MessageKey } from '#shared/i18n/index'
import { ctxOf, type Ctx } from '#worker/context'
import type { AppEnv } from '#worker/env'
import { endpoint, reply, type Payload } from './endpoint'

type Guard = MiddlewareHandler<AppEnv>

interface AnswerOptions {
  /** A save that made its row: 201 and the call's `createdMessage` (else 200 and its `message`). */
  created?: boolean
  status?: ContentfulStatusCode
  message?: MessageKey
  params?: Record<string, unknown>
}

const ANSWER = Symbol('answer')

/** A success answer whose status, message or message parameters the result decides. */
export interface Answer<C extends Call> {
  [ANSWER]: true
  payload: Payload<C>
  opts: AnswerOptions
}

export function answer<C extends Call>(payload: Payload<C>, opts: AnswerOptions): Answer<C> {
  return { [ANSWER]: true, payload, opts }
}

// `void` for a call whose success carries nothing beyond the envelope.
type Result<C extends Call> = Payload<C> | Answer<C> | Response | void

export type Handler<C extends Call> = (
  input: z.output<C['request']>,
  ctx: Ctx,
  c: Context<AppEnv>,
) => Promise<Result<C>> | Result<C>

const isAnswer = (r: unknown): r is Answer<Call> => typeof r === 'object' && r !== null && ANSWER in r

/** Mounts `call` on `router` behind `guards` (in order: auth, then what else the call needs). */
export function mount<C extends Call>(
  router: Hono<AppEnv>,
  call: C,
  guards: Guard | readonly Guard[],
  handler: Handler<C>,
): void {
  const before = Array.isArray(guards) ? guards : [guards as Guard]
  // A call whose answer is the envelope alone sends nothing a handler happens to return (a
  // service's row handed back by a one-line handler would otherwise be spread into the answer).
  const shape = (call.response as { shape?: Record<string, unknown> }).shape
  const bare = !!shape && Object.keys(shape).every((k) => k === 'success' || k === 'message')
  const payloadOf = (p: unknown) => (bare || p == null ? {} : p) as Payload<C>
  const on = router.on.bind(router) as (method: string, path: string, ...handlers: Guard[]) => unknown
  on(
    call.method,
    call.path,
    ...before,
    ...endpoint(call, async (c, input) => {
      const result = await handler(input, ctxOf(c), c)
      if (result instanceof Response) return result
      const declared = { status: call.status, message: call.message }
      if (isAnswer(result)) {
        const { created, ...opts } = result.opts
        const made = created ? { status: 201 as const, message: call.createdMessage ?? call.message } : {}
        return reply(c, call, payloadOf(result.payload), { ...declared, ...made, ...opts })
      }
      return reply(c, call, payloadOf(result), declared)
    }),
  )
}

/** A router whose calls are mounted by `on(call, guards, handler)`, one line each. */
export function routes(
  build: (on: <C extends Call>(call: C, guards: Guard | readonly Guard[], handler: Handler<C>) => void) => void,
) {
  const router = new Hono<AppEnv>()
  build((call, guards, handler) => mount(router, call, guards, handler))
  return router
}
