// Fail closed on a half-configured deploy (docs/decisions/015-production-by-default.md).
// index.ts asks this before anything else runs: a deployed Worker missing a setting of
// PRODUCTION_SETTINGS (env.ts) answers every request 503 with one short message, and logs
// once per isolate which settings are missing, rather than failing inside some handler.
import { isLocalEnv, settingProblems, type Env } from '#worker/env'
import { pushKeysProblem } from '#worker/push/vapid'

export const UNCONFIGURED_MESSAGE = 'This service is not configured yet. Please try again later.'

/** The problem lists already logged by this isolate (one line each, not one per request). */
const reported = new Set<string>()

/**
 * The settings problems of this deploy (logged once), or null when it may run. Besides each
 * setting's own check (env.ts), the VAPID private key must be the public key's pair: browsers
 * subscribe with the public one, and a private key of another pair signs pushes no push service
 * takes (checked once per isolate: push/vapid.ts).
 */
export async function misconfigured(env: Env): Promise<string[] | null> {
  const problems = settingProblems(env)
  if (!problems.length && !isLocalEnv(env)) {
    const pair = await pushKeysProblem(env)
    if (pair) problems.push(`VAPID_PRIVATE_KEY (${pair})`)
  }
  if (!problems.length) return null
  const line = problems.join(', ')
  if (!reported.has(line)) {
    reported.add(line)
    console.error(
      `Calma is not configured for APP_ENV=${String(env.APP_ENV ?? '(unset)')}: ${line}. Every request answers 503 until ` +
        'these are set (README "Deploy": wrangler secret put NAME).',
    )
  }
  return problems
}

/** A 503 for every request of a misconfigured deploy (the /v1 envelope for API paths), or null. */
export async function refuseMisconfigured(request: Request, env: Env): Promise<Response | null> {
  if (!(await misconfigured(env))) return null
  const path = new URL(request.url).pathname
  const headers = { 'cache-control': 'no-store', 'retry-after': '300' }
  if (path === '/v1' || path.startsWith('/v1/')) {
    return Response.json(
      { success: false, code: 'unavailable', message: UNCONFIGURED_MESSAGE },
      { status: 503, headers },
    )
  }
  return new Response(UNCONFIGURED_MESSAGE, {
    status: 503,
    headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' },
  })
}
