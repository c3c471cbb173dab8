// The fake provider itself, held to Resend's documented contract (test/fakes/resend.ts names each
// source): a fake that drifted into our convenience would let the app's mail tests pass against a
// provider that does not exist.
import { describe, expect, it } from 'vitest'
import { createFakeResend } from '../fakes/resend'

const KEY = 're_test_key'
const mail = (to: string, extra: Record<string, unknown> = {}) => ({
  from: 'Calma <hola@calma.app>',
  to: [to],
  subject: 'Hola',
  text: 'Hola',
  ...extra,
})

function provider(rate = 100) {
  let clock = 1_000_000
  const fake = createFakeResend({ apiKey: KEY, ratePerSecond: rate, now: () => clock })
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fake.handle(
      new Request(`https://api.resend.com${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    )
    if (res === 'lost') throw new Error('no fault was asked for')
    return { status: res.status, headers: res.headers, body: (await res.json()) as any }
  }
  return { fake, post, tick: (ms: number) => (clock += ms) }
}

describe('Resend’s fake: idempotency', () => {
  it('one Idempotency-Key per request, kept 24 hours: same payload → the first answer, nothing sent; another payload → 409', async () => {
    const { fake, post, tick } = provider()
    const batch = [mail('a@example.com'), mail('b@example.com')]
    const first = await post('/emails/batch', batch, { 'idempotency-key': 'calma-batch-1' })
    expect(first.status).toBe(200)
    expect(first.body.data).toHaveLength(2)
    const again = await post('/emails/batch', batch, { 'idempotency-key': 'calma-batch-1' })
    expect(again).toMatchObject({ status: 200, body: first.body })
    expect(fake.inbox).toHaveLength(2)

    const other = await post('/emails/batch', [mail('a@example.com')], { 'idempotency-key': 'calma-batch-1' })
    expect(other).toMatchObject({
      status: 409,
      body: {
        statusCode: 409,
        name: 'invalid_idempotent_request',
        message: 'Same idempotency key used with a different request payload.',
      },
    })
    // A key in the body is no key at all: two requests, two sends.
    await post('/emails/batch', [mail('c@example.com', { idempotency_key: 'k' })])
    await post('/emails/batch', [mail('c@example.com', { idempotency_key: 'k' })])
    expect(fake.received().get('c@example.com')).toBe(2)

    tick(24 * 3_600_000)
    await post('/emails/batch', batch, { 'idempotency-key': 'calma-batch-1' })
    expect(fake.received().get('a@example.com')).toBe(2)

    const long = await post('/emails', mail('d@example.com'), { 'idempotency-key': 'x'.repeat(257) })
    expect(long).toMatchObject({ status: 400, body: { name: 'invalid_idempotency_key' } })
  })

  it('a key still in progress answers 409 concurrent_idempotent_requests', async () => {
    const fake = createFakeResend({ apiKey: KEY, ratePerSecond: 100, latencyMs: 50 })
    const send = () =>
      fake.handle(
        new Request('https://api.resend.com/emails', {
          method: 'POST',
          headers: { authorization: `Bearer ${KEY}`, 'idempotency-key': 'same' },
          body: JSON.stringify(mail('e@example.com')),
        }),
      )
    const [a, b] = await Promise.all([send(), send()])
    expect([(a as Response).status, (b as Response).status]).toEqual([200, 409])
    expect(await (b as Response).json()).toMatchObject({ name: 'concurrent_idempotent_requests' })
    expect(fake.inbox).toHaveLength(1)
  })
})

describe('Resend’s fake: the batch endpoint', () => {
  it('takes 1 to 100 mails, drops attachments and scheduled_at', async () => {
    const { fake, post } = provider()
    const many = Array.from({ length: 101 }, (_, i) => mail(`m${i}@example.com`))
    expect((await post('/emails/batch', many)).status).toBe(400)
    expect((await post('/emails/batch', many.slice(0, 100))).status).toBe(200)
    const ics = { filename: 'cita.ics', content: btoa('BEGIN:VCALENDAR') }
    expect(
      (await post('/emails/batch', [mail('f@example.com', { attachments: [ics], scheduled_at: 'in 1 hour' })])).status,
    ).toBe(200)
    const f = fake.inbox.find((m) => m.to.includes('f@example.com'))!
    expect(f.attachments).toEqual([])
    expect(f.dropped).toEqual(['attachments', 'scheduled_at'])
    // POST /emails keeps them.
    await post('/emails', mail('g@example.com', { attachments: [ics] }))
    expect(fake.inbox.find((m) => m.to.includes('g@example.com'))!.attachments).toEqual([ics])
    expect((await post('/emails', mail('h@example.com', { attachments: [{ filename: 'x' }] }))).body).toMatchObject({
      name: 'invalid_attachment',
    })
  })

  it('strict by default: one invalid mail refuses the whole batch; permissive sends the rest and names it by index', async () => {
    const { fake, post } = provider()
    const batch = [mail('ok1@example.com'), mail('not-an-address'), mail('ok2@example.com')]
    const strict = await post('/emails/batch', batch)
    expect(strict.status).toBe(400)
    expect(strict.body).toMatchObject({ statusCode: 400, name: 'validation_error' })
    expect(strict.body.message).toContain('Invalid `to` field')
    expect(fake.inbox).toHaveLength(0)

    const permissive = await post('/emails/batch', batch, { 'x-batch-validation': 'permissive' })
    expect(permissive.status).toBe(200)
    expect(permissive.body.data).toHaveLength(2)
    expect(permissive.body.errors).toEqual([{ index: 1, message: expect.stringContaining('Invalid `to` field') }])
    expect(fake.inbox.map((m) => m.to[0])).toEqual(['ok1@example.com', 'ok2@example.com'])
    expect((await post('/emails/batch', [{ to: ['a@example.com'], subject: 'x' }])).body).toMatchObject({
      statusCode: 422,
      name: 'missing_required_field',
      message: 'Missing `from` field.',
    })
  })
})

describe('Resend’s fake: rate limit and keys', () => {
  it('2 requests a second per team, then 429 with the documented headers', async () => {
    const { post, tick } = provider(2)
    const a = await post('/emails', mail('r1@example.com'))
    expect(a.headers.get('ratelimit-limit')).toBe('2')
    expect(a.headers.get('ratelimit-policy')).toBe('2;w=1')
    expect(a.headers.get('ratelimit-remaining')).toBe('1')
    tick(400)
    expect((await post('/emails', mail('r2@example.com'))).headers.get('ratelimit-remaining')).toBe('0')
    tick(100)
    const refused = await post('/emails', mail('r3@example.com'))
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ statusCode: 429, name: 'rate_limit_exceeded' })
    expect(refused.headers.get('retry-after')).toBe('1')
    expect(refused.headers.get('ratelimit-remaining')).toBe('0')
    tick(500)
    expect((await post('/emails', mail('r3@example.com'))).status).toBe(200)
  })

  it('answers a missing or unknown API key as the docs say', async () => {
    const fake = createFakeResend({ apiKey: KEY })
    const ask = async (headers: Record<string, string>) =>
      (await fake.handle(
        new Request('https://api.resend.com/emails', { method: 'POST', headers, body: JSON.stringify(mail('z@x.io')) }),
      )) as Response
    expect(await (await ask({})).json()).toEqual({
      statusCode: 401,
      name: 'missing_api_key',
      message: 'Missing API key in the authorization header.',
    })
    expect((await ask({ authorization: 'Bearer re_other' })).status).toBe(401)
    expect(fake.inbox).toHaveLength(0)
  })
})
