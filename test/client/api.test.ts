import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { call, configureApi, encodeValue } from '../../src/client/api'
import { $toasts, notify } from '../../src/client/stores/toasts'
import en from '../../src/shared/i18n/en'

// The browser's API module, run against a fake server at its own fetch boundary.
const schema = z.object({ success: z.boolean(), items: z.array(z.number()) })
const reply = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

afterEach(() => {
  $toasts.set([])
})

describe('call()', () => {
  configureApi('en', en)

  it('sends SPEC §7 headers and wire values, and returns the checked payload', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(reply({ success: true, items: [1, 2] }))
    const res = await call('POST', '/thing', schema, { body: { a: true, b: false, empty: '', when: new Date('2026-01-02T03:04:05Z'), list: [1, 2] }, query: { q: 'x', none: undefined } })
    expect(res).toMatchObject({ success: true, items: [1, 2] })
    const [url, init] = spy.mock.calls[0]! as [URL, RequestInit]
    expect(String(url)).toBe('http://localhost/v1/thing?q=x')
    const h = init.headers as Record<string, string>
    expect(h.Accept).toBe('application/json')
    expect(h.locale).toBe('en')
    expect(h.timezone).toBeTruthy()
    const fd = init.body as FormData
    expect(fd.get('a')).toBe('1')
    expect(fd.get('b')).toBe('0')
    expect(fd.has('empty')).toBe(false)
    expect(fd.get('when')).toBe('2026-01-02T03:04:05.000Z')
    expect(fd.getAll('list[]')).toEqual(['1', '2'])
  })

  it('turns a response of the wrong shape into code 701 with the bad-response message', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(reply({ success: true, items: 'nope' }))
    const res = await call('GET', '/thing', schema)
    expect(res).toMatchObject({ success: false, code: 701, message: 'Backend API is providing a bad response.' })
    expect($toasts.get().map((t) => [t.level, t.text])).toEqual([['danger', 'Backend API is providing a bad response.']])
  })

  it('turns a network failure into success false', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'))
    const res = await call('GET', '/thing', schema)
    expect(res.success).toBe(false)
    expect(res.status).toBe(0)
  })

  it('shows a returned message as success or danger, and never shows Unauthenticated.', async () => {
    vi.spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(reply({ success: true, items: [], message: 'Saved.' }))
      .mockResolvedValueOnce(reply({ success: false, message: 'Invalid credentials.', errors: { email: ['x'] } }, 401))
      .mockResolvedValueOnce(reply({ success: false, message: 'Unauthenticated.' }, 401))
    await call('POST', '/a', schema)
    const failed = await call('POST', '/b', schema)
    expect(failed).toMatchObject({ success: false, status: 401, errors: { email: ['x'] } })
    await call('GET', '/c', schema)
    expect($toasts.get().map((t) => [t.level, t.text])).toEqual([
      ['success', 'Saved.'],
      ['danger', 'Invalid credentials.'],
    ])
  })
})

describe('the notification queue (SPEC §9)', () => {
  it('keeps at most 10 and drops duplicates', () => {
    for (let i = 0; i < 14; i++) notify(`m${i}`, 'info')
    expect(notify('m13', 'info')).toBeNull()
    const texts = $toasts.get().map((t) => t.text)
    expect(texts).toHaveLength(10)
    expect(texts[0]).toBe('m4')
    expect(texts[9]).toBe('m13')
  })
})

describe('encodeValue', () => {
  it('omits empty values', () => {
    expect(encodeValue('')).toBeNull()
    expect(encodeValue(null)).toBeNull()
    expect(encodeValue(0)).toBe('0')
  })
})
