// A contract call on the server (issue 13 §2): validate its request with the call's schema and
// answer with a payload the call's response schema types, so the server cannot drift from
// what the browser checks. Route files do not use it directly: they mount calls with
// routes((on) => on(call, guards, handler)) (./mount.ts), which is built on it.
import type { Context, MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { z } from 'zod'
import type { Call } from '#shared/contract/call'
import type { MessageKey } from '#shared/i18n/index'
import type { AppEnv } from '#worker/env'
import { ok } from './envelope'
import { v } from './validate'

/** The payload of a call's success answer, without the envelope's own fields. */
export type Payload<C extends Call> = Omit<z.input<C['response']>, 'success' | 'message'>

export function endpoint<C extends Call>(
  call: C,
  handler: (c: Context<AppEnv>, input: z.output<C['request']>) => Promise<Response>,
) {
  const target = call.method === 'GET' ? 'query' : 'form'
  const validate = v(target, call.request) as unknown as MiddlewareHandler<AppEnv>
  const run: MiddlewareHandler<AppEnv> = async (c) => {
    const res = await handler(c, (c.req.valid as (t: string) => z.output<C['request']>)(target))
    // Nothing personal is cached (issue 14 §3): answers carry the caller's data or token unless
    // the call is public content asked for by a visitor. The locale header changes the answer.
    const publicFor = !c.var.user && call.publicCacheSeconds
    res.headers.set(
      'cache-control',
      publicFor ? `public, max-age=${call.publicCacheSeconds}` : call.privateNoStore ? 'private, no-store' : 'no-store',
    )
    if (publicFor) res.headers.append('vary', 'locale, accept-language')
    return res
  }
  return [validate, run] as const
}

/** The success envelope of `call`, typed by its response schema. */
export function reply<C extends Call>(
  c: Context<AppEnv>,
  _call: C,
  payload: Payload<C>,
  opts: { status?: ContentfulStatusCode; message?: MessageKey; params?: Record<string, unknown> } = {},
) {
  return ok(c, payload as Record<string, unknown>, opts)
}
