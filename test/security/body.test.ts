// Request bodies (src/worker/http/body.ts, docs/API.md "Request size"): a body over the limit
// is refused with 413 before any handler runs, and a body a handler did not read is drained,
// so wrangler's local proxy never sees an unread body (workers-sdk issue 15203).
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { MAX_FORM_BODY_BYTES } from '#shared/limits'
import { bodyGuard } from '#worker/http/body'
import type { AppEnv } from '#worker/env'
import { api, json } from '../helpers'

const KB = 1024

/** A body of `chunks` × `size` bytes with no declared length (sent chunked), counting what was read. */
function streamed(chunks: number, size: number, prefix = '') {
  const read = { chunks: 0 }
  let i = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i === chunks) return controller.close()
      const text = i === 0 ? prefix + 'x'.repeat(Math.max(0, size - prefix.length)) : 'x'.repeat(size)
      i++
      read.chunks = i
      controller.enqueue(new TextEncoder().encode(text))
    },
  })
  return { body, read }
}

/** A form posted as a stream, without Content-Length. */
const postStreamed = (path: string, body: ReadableStream) =>
  api(path, {
    method: 'POST',
    locale: 'en',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
    // @ts-expect-error workerd's RequestInit has no `duplex`; Node's needs it for a stream body.
    duplex: 'half',
  })

describe('body limit', () => {
  it('is 64 KB for /v1 forms', () => {
    expect(MAX_FORM_BODY_BYTES).toBe(64 * KB)
  })

  it('refuses a 100 KB form with 413 and the envelope, before the login check', async () => {
    const res = await api('/v1/user/update', { method: 'POST', locale: 'en', form: { name: 'x'.repeat(100 * KB) } })
    expect(res.status).toBe(413)
    expect(await json(res)).toEqual({
      success: false,
      code: 'payload_too_large',
      message: 'This request is too large.',
    })
  })

  it('answers in the request language', async () => {
    const res = await api('/v1/user/update', { method: 'POST', locale: 'es', form: { name: 'x'.repeat(100 * KB) } })
    expect(res.status).toBe(413)
    expect((await json(res)).message).toBe('Esta solicitud es demasiado grande.')
  })

  it('lets a 10 KB form reach the call, which answers 401 without a session', async () => {
    const res = await api('/v1/user/update', { method: 'POST', locale: 'en', form: { name: 'x'.repeat(10 * KB) } })
    expect(res.status).toBe(401)
    expect(await json(res)).toMatchObject({ success: false, code: 'unauthenticated', message: 'Unauthenticated.' })
  })

  it('counts the bytes of a body sent without Content-Length, and refuses it past the limit', async () => {
    const { body, read } = streamed(8, 16 * KB) // 128 KB
    const res = await postStreamed('/v1/user/update', body)
    expect(res.status).toBe(413)
    expect(await json(res)).toMatchObject({ code: 'payload_too_large' })
    expect(read.chunks).toBe(8) // drained to the end, not left half-read
  })

  it('hands a body sent without Content-Length, under the limit, to the call intact', async () => {
    const { body } = streamed(2, 2 * KB, 'email=nobody%40example.com&password=wrong-password-1&pad=')
    const res = await postStreamed('/v1/user/authenticate', body)
    // The form was read: an unknown email is "Invalid credentials", not a missing-field 422.
    expect(res.status).toBe(401)
    expect(await json(res)).toMatchObject({ code: 'invalid_credentials' })
  })

  it('refuses an oversized provider callback too', async () => {
    const form = new FormData()
    form.append('id_token', 'x'.repeat(100 * KB))
    const res = await api('/auth/google/callback', { method: 'POST', body: form, redirect: 'manual' })
    expect(res.status).toBe(413)
  })
})

describe('draining', () => {
  /** A small app with the guard and a call that answers without reading its body. */
  const app = new Hono<AppEnv>()
    .use('*', bodyGuard)
    .post('/v1/early', (c) => c.text('no', 401))
    .post('/v1/reads', async (c) => c.text(await c.req.text()))

  it('reads an unread body to the end after the answer', async () => {
    const { body, read } = streamed(4, 8 * KB)
    const headers = { 'content-type': 'text/plain', 'content-length': String(32 * KB) }
    const res = await app.request('/v1/early', { method: 'POST', body, headers, duplex: 'half' } as RequestInit)
    expect(res.status).toBe(401)
    expect(read.chunks).toBe(4)
  })

  it('buffers a body without a declared length, so nothing is left to drain', async () => {
    const { body, read } = streamed(4, 8 * KB)
    const res = await app.request('/v1/early', {
      method: 'POST',
      body,
      headers: { 'content-type': 'text/plain' },
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(401)
    expect(read.chunks).toBe(4)
  })

  it('leaves a body the call read as it was', async () => {
    const res = await app.request('/v1/reads', {
      method: 'POST',
      body: 'hello',
      headers: { 'content-type': 'text/plain' },
    })
    expect(await res.text()).toBe('hello')
  })

  /** A streamed text body posted to /v1/early of an app run as APP_ENV `appEnv`. */
  const early = (body: ReadableStream, appEnv: string) =>
    app.request(
      '/v1/early',
      { method: 'POST', body, headers: { 'content-type': 'text/plain' }, duplex: 'half' } as RequestInit,
      { APP_ENV: appEnv },
    )

  it("reads an oversized body to the end before the 413 in local runs (wrangler's proxy needs it)", async () => {
    const { body, read } = streamed(200, 16 * KB) // 3.2 MB
    const res = await early(body, 'local')
    expect(res.status).toBe(413)
    expect(read.chunks).toBe(200)
  })

  it('stops after 1 MiB of an oversized body in production', async () => {
    const { body, read } = streamed(10_000, 16 * KB) // 160 MB, never read in full
    const res = await early(body, 'production')
    expect(res.status).toBe(413)
    expect(read.chunks).toBeLessThan(80)
  })
})
