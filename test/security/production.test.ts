// Fail closed by default (docs/decisions/015-production-by-default.md): wrangler.toml says
// production, local settings come only from config/local.vars, and a deployed Worker missing a
// required setting answers 503 everywhere instead of running half-configured.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import worker from '#worker/index'
import { DUMMY_TOKEN, SITEVERIFY_URL } from '#worker/http/captcha'
import toml from '../../wrangler.toml?raw'
import localVars from '../../config/local.vars?raw'

/** Every setting a production run requires (src/worker/env.ts PRODUCTION_SETTINGS). */
const production = {
  ...env,
  APP_ENV: 'production',
  APP_URL: 'https://calma.example',
  SESSION_PEPPER: 'x'.repeat(32),
  TURNSTILE_SECRET: 'real-secret',
  TURNSTILE_SITE_KEY: '0x4AAAAAAAreal-site-key',
  EMAIL_API_KEY: 're_real_key',
  STRIPE_SECRET_KEY: 'sk_live_real',
  STRIPE_WEBHOOK_SECRET: 'whsec_real',
  // A pair made for the tests (production refuses config/local.vars' own: issue 41).
  VAPID_PUBLIC_KEY: 'BD-PJ6ZnLOUZdCzg5mMwmlWiFoj8ey3vCV5q3QwCBtA3TE0Qy7eOFGqv_WTueXBiONHiARp3wJdyjur2fE9MfUA',
  VAPID_PRIVATE_KEY: 'ETZc2S5r6Uxj58Mw7eynwOewqLuWvw4R1dZTMcAJoTI',
  VAPID_SUBJECT: 'mailto:equipo@calma.example',
} as const

async function call(path: string, init: RequestInit = {}, bindings: Record<string, unknown> = production) {
  const ctx = createExecutionContext()
  const res = await worker.fetch(new Request(`http://localhost${path}`, init), bindings as never, ctx)
  await waitOnExecutionContext(ctx)
  return res
}

/** The [vars] table of a TOML text, as name → raw value text. */
function varsOf(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  let inVars = false
  for (const line of text.split('\n')) {
    const t = line.trim()
    if (t.startsWith('[')) inVars = t === '[vars]'
    else if (inVars && /^[A-Z_]+\s*=/.test(t)) {
      const [name, ...rest] = t.split('=')
      out[name!.trim()] = rest.join('=').trim()
    }
  }
  return out
}

describe('production by default', () => {
  it("wrangler.toml's own [vars] say production and hold no secret or local value", () => {
    const vars = varsOf(toml)
    expect(vars.APP_ENV).toBe('"production"')
    for (const name of [
      'TURNSTILE_SECRET',
      'SESSION_PEPPER',
      'EMAIL_API_KEY',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'TURNSTILE_SITE_KEY',
      'APP_URL',
    ]) {
      expect(vars, name).not.toHaveProperty(name)
    }
    expect(toml).not.toMatch(/1x0000000000000000000000000000000AA/)
  })

  it('local runs get their settings from config/local.vars, and tests run as APP_ENV=test', () => {
    expect(localVars).toMatch(/^APP_ENV=local$/m)
    expect(localVars).toMatch(/^SESSION_PEPPER=.{32,}$/m)
    expect(env.APP_ENV).toBe('test')
    expect(env.SESSION_PEPPER).toBeTruthy()
  })
})

describe('a production Worker with every setting', () => {
  afterEach(() => vi.restoreAllMocks())

  it('hides the local outbox', async () => {
    expect((await call('/__dev/outbox')).status).toBe(404)
    expect((await call('/en/__dev/outbox')).status).toBe(404)
  })

  it('hides the page table the accessibility check reads', async () => {
    expect((await call('/__dev/pages')).status).toBe(404)
  })

  it('does not run cron jobs by hand', async () => {
    const res = await call('/__scheduled?cron=59+23+*+*+*')
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('Ran "')
  })

  it('sends the dummy captcha token to siteverify, which refuses it', async () => {
    const verified: string[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input)
      if (url !== SITEVERIFY_URL) throw new Error(`unexpected fetch ${url}`)
      const body = init?.body as FormData
      verified.push(`${body.get('secret')} ${body.get('response')}`)
      return Response.json({ success: false, 'error-codes': ['invalid-input-response'] })
    })
    const form = new FormData()
    form.append('email', 'someone@example.com')
    const res = await call('/v1/user/recover/password', {
      method: 'POST',
      headers: { accept: 'application/json', 'x-captcha-token': DUMMY_TOKEN, locale: 'en' },
      body: form,
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({
      success: false,
      code: 'invalid_captcha',
      message: 'Invalid reCAPTCHA token.',
    })
    expect(verified).toEqual([`real-secret ${DUMMY_TOKEN}`])
  })
})

describe('a production Worker missing a setting', () => {
  it('answers 503 to every request and says once, in the log, what is missing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    logged.mockClear()
    const { SESSION_PEPPER: _, ...bindings } = production

    const api = await call('/v1/routes', { headers: { accept: 'application/json' } }, bindings)
    expect(api.status).toBe(503)
    expect(await api.json()).toEqual({
      success: false,
      code: 'unavailable',
      message: 'This service is not configured yet. Please try again later.',
    })

    const page = await call('/login', {}, bindings)
    expect(page.status).toBe(503)
    expect(page.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await page.text()).toBe('This service is not configured yet. Please try again later.')

    expect((await call('/__dev/outbox', {}, bindings)).status).toBe(503)

    expect(logged).toHaveBeenCalledTimes(1)
    expect(String(logged.mock.calls[0]![0])).toMatch(/SESSION_PEPPER/)
    expect(String(logged.mock.calls[0]![0])).not.toMatch(/TURNSTILE_SECRET|APP_URL/)
  })

  it('refuses test keys and a short pepper as if they were missing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    logged.mockClear()
    const bindings = {
      ...production,
      SESSION_PEPPER: 'short',
      TURNSTILE_SECRET: '1x0000000000000000000000000000000AA',
      TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
    }
    expect((await call('/', {}, bindings)).status).toBe(503)
    expect(logged).toHaveBeenCalledTimes(1)
    const line = String(logged.mock.calls[0]![0])
    for (const name of ['SESSION_PEPPER', 'TURNSTILE_SECRET', 'TURNSTILE_SITE_KEY']) expect(line).toContain(name)
  })

  it('refuses D1_DELAY_MS, the local runs’ simulated distance to D1 (issue 43 §3)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    logged.mockClear()
    expect((await call('/v1/routes', { headers: { accept: 'application/json' } })).status).toBe(200)
    const res = await call(
      '/v1/routes',
      { headers: { accept: 'application/json' } },
      { ...production, D1_DELAY_MS: '80' },
    )
    expect(res.status).toBe(503)
    expect(logged).toHaveBeenCalledTimes(1)
    expect(String(logged.mock.calls[0]![0])).toMatch(/D1_DELAY_MS \(for local and test runs only\)/)
  })

  it('treats a missing APP_ENV as production', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    logged.mockClear()
    const {
      APP_ENV: _,
      SESSION_PEPPER: __,
      TURNSTILE_SECRET: ___,
      TURNSTILE_SITE_KEY: ____,
      APP_URL: _____,
      EMAIL_API_KEY: ______,
      ...bindings
    } = production
    expect((await call('/__dev/outbox', {}, bindings)).status).toBe(503)
    expect(logged).toHaveBeenCalledTimes(1)
  })
})
