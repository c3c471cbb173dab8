import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { defineCall } from '#shared/contract/call'
import { bool01, int } from '#shared/contract/fields'
import { beacon, call, configureApi, contract, encodeValue, whenCallsSettle, whenSessionSteady } from '#client/api.ts'
import { getSession } from '#shared/contract/tracking'
import { TRACKING_WIRE, isSessionAnswer } from '#shared/contract/tracking.wire'
import { listUnread } from '#shared/contract/notifications'
import { NOTIFICATIONS_WIRE, isUnreadAnswer } from '#shared/contract/notifications.wire'
import { $toasts, notify } from '#client/stores/toasts.ts'
import { socketOpening } from '#client/stores/sockets.ts'
import { $user, SESSION_LOST } from '#client/stores/session.ts'
import en from '#shared/i18n/en'

// The browser's API module, run against a fake server at its own fetch boundary.
const response = z.object({ success: z.boolean(), items: z.array(z.number()) })
const thing = (method: 'GET' | 'POST') =>
  defineCall({
    method,
    path: '/thing',
    request: z.object({
      a: bool01.optional(),
      b: bool01.optional(),
      q: z.string().optional(),
      when: z.string().optional(),
      list: z.array(z.string()).optional(),
      n: int({ min: 1 }).optional(),
    }),
    response,
  })
const getThing = thing('GET')
const postThing = thing('POST')
const reply = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

afterEach(() => {
  $toasts.set([])
})

describe('call()', () => {
  configureApi('en', en)

  it('sends SPEC §7 headers and wire values, and returns the checked payload', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(reply({ success: true, items: [1, 2] }))
    const res = await call(postThing, {
      input: { a: true, b: false, q: 'x', when: new Date('2026-01-02T03:04:05Z'), list: [1, 2] },
    })
    expect(res).toMatchObject({ success: true, items: [1, 2] })
    const [url, init] = spy.mock.calls[0]! as [URL, RequestInit]
    expect(String(url)).toBe('http://localhost/v1/thing')
    const h = init.headers as Record<string, string>
    expect(h.Accept).toBe('application/json')
    expect(h.locale).toBe('en')
    expect(h.timezone).toBeTruthy()
    const fd = init.body as FormData
    expect(fd.get('a')).toBe('1')
    expect(fd.get('b')).toBe('0')
    expect(fd.get('q')).toBe('x')
    expect(fd.get('when')).toBe('2026-01-02T03:04:05.000Z')
    expect(fd.getAll('list[]')).toEqual(['1', '2'])
  })

  it('turns a response of the wrong shape into code 701 with the bad-response message', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(reply({ success: true, items: 'nope' }))
    const res = await call(getThing)
    expect(res).toMatchObject({ success: false, code: 701, message: 'Backend API is providing a bad response.' })
    expect($toasts.get().map((t) => [t.level, t.text])).toEqual([
      ['danger', 'Backend API is providing a bad response.'],
    ])
  })

  it('turns a network failure into success false', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'))
    const res = await call(getThing)
    expect(res.success).toBe(false)
    expect(res.status).toBe(0)
  })

  it('shows a returned message as success or danger, and never shows Unauthenticated.', async () => {
    vi.spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(reply({ success: true, items: [], message: 'Saved.' }))
      .mockResolvedValueOnce(reply({ success: false, message: 'Invalid credentials.', errors: { email: ['x'] } }, 401))
      .mockResolvedValueOnce(reply({ success: false, message: 'Unauthenticated.' }, 401))
    await call(postThing)
    const failed = await call(postThing)
    expect(failed).toMatchObject({ success: false, status: 401, errors: { email: ['x'] } })
    await call(getThing)
    expect($toasts.get().map((t) => [t.level, t.text])).toEqual([
      ['success', 'Saved.'],
      ['danger', 'Invalid credentials.'],
    ])
  })
})

describe("call() checks the input with the call's own request schema first", () => {
  it("refuses a bad form with the server's field errors, in the page's language, and sends nothing", async () => {
    const spy = vi.spyOn(globalThis, 'fetch')
    const res = await call(getThing, { input: { n: 'abc', a: 'maybe' as never } })
    expect(res).toMatchObject({
      success: false,
      status: 422,
      code: 'validation',
      message: 'Validation error in the provided data.',
    })
    expect(!res.success && res.errors).toEqual({ n: ['It must be a number.'], a: ['This value is not valid.'] })
    expect(spy).not.toHaveBeenCalled()
  })

  it("puts a GET call's input in the query, with empty values left out", async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(reply({ success: true, items: [] }))
    await call(getThing, { input: { q: 'calm sleep', a: false, when: '' } })
    const [url] = spy.mock.calls[0]! as [URL]
    expect(String(url)).toBe('http://localhost/v1/thing?q=calm+sleep&a=0')
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

// Issue 21 §5: the contract's schemas (zod) come with the first call, not with the page.
describe('a call fetched on first use (contract)', () => {
  it('loads its module once, then behaves as the definition itself: checks, sends, answers', async () => {
    let loads = 0
    const { getThing: lazyGet } = contract(async () => {
      loads++
      return { getThing }
    })
    const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(reply({ success: true, items: [3] }))
    expect(await call(lazyGet, { input: { q: 'a' } })).toMatchObject({ success: true, items: [3] })
    expect(await call(lazyGet, { input: { n: 'abc' } })).toMatchObject({
      success: false,
      code: 'validation',
      errors: { n: ['It must be a number.'] },
    })
    expect(spy).toHaveBeenCalledTimes(1)
    expect(loads).toBe(1)
  })

  it('a module that cannot be fetched (offline) is a network failure, and is tried again by the next call', async () => {
    let fail = true
    const { getThing: lazyGet } = contract(async () => {
      if (fail) throw new TypeError('Failed to fetch dynamically imported module')
      return { getThing }
    })
    const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(reply({ success: true, items: [] }))
    expect(await call(lazyGet, { silent: true })).toMatchObject({ success: false, status: 0 })
    expect(spy).not.toHaveBeenCalled()
    fail = false
    expect(await call(lazyGet)).toMatchObject({ success: true, items: [] })
  })
})

describe('whenCallsSettle()', () => {
  it("waits for the page's calls still out (the bell's session check after a new password), then resolves", async () => {
    let answer!: (r: Response) => void
    vi.spyOn(globalThis, 'fetch').mockReturnValueOnce(new Promise<Response>((r) => (answer = r)))
    const out = beacon(TRACKING_WIRE.session, {}, isSessionAnswer)
    let settled = false
    const waiting = whenCallsSettle().then(() => (settled = true))
    await new Promise((r) => setTimeout(r, 120))
    expect(settled).toBe(false)
    answer(reply({ success: true, session_id: 'abc', new_session: false }))
    expect(await out).toMatchObject({ success: true })
    await waiting
    expect(settled).toBe(true)
    // Nothing out: it resolves on its own.
    await expect(whenCallsSettle()).resolves.toBeUndefined()
  })
})

/**
 * A signed-in page whose server answers only when the test says (`answers.get(path)!(response)`),
 * recording the order calls went out; `lost` counts the session-lost events.
 */
function signedInPageWithHeldAnswers() {
  configureApi('en', en)
  $user.set({ id: 1, name: 'Ana', email: 'a@x.es', role: 2, language: 'en', subscriber: false } as never)
  const lost = vi.fn()
  globalThis.addEventListener(SESSION_LOST, lost)
  const order: string[] = []
  const answers = new Map<string, (r: Response) => void>()
  vi.spyOn(globalThis, 'fetch').mockImplementation((url) => {
    const path = new URL(String(url)).pathname
    order.push(path)
    return new Promise<Response>((r) => answers.set(path, r))
  })
  return { lost, order, answers }
}

describe('a call that replaces the session (a new password) is sent alone', () => {
  // The race two e2e lanes showed (decision 031): a recovered person saves a new password while
  // the bell's unread list, asked with the old session's cookie, is still out; the server ends
  // the old session first and answers that list 'Unauthenticated.', and the page, which by then
  // holds the new session, was sent to sign in.
  it('waits for the calls still out, and the calls made meanwhile wait for its answer', async () => {
    const { lost, order, answers } = signedInPageWithHeldAnswers()
    const unread = beacon(NOTIFICATIONS_WIRE.unread, {}, isUnreadAnswer)
    const save = call(postThing, { input: { q: 'new password' }, replacesSession: true })
    await new Promise((r) => setTimeout(r, 30))
    expect(order).toEqual(['/v1/notifications/unread']) // the new password is not sent yet
    const later = beacon(NOTIFICATIONS_WIRE.unread, { n: 2 }, isUnreadAnswer)
    answers.get('/v1/notifications/unread')!(reply({ success: true, notifications: [] }))
    expect(await unread).toMatchObject({ success: true })
    await new Promise((r) => setTimeout(r, 30))
    expect(order).toEqual(['/v1/notifications/unread', '/v1/thing']) // the later call waits for it
    let steady = false
    const waiting = whenSessionSteady().then(() => (steady = true))
    await new Promise((r) => setTimeout(r, 10))
    expect(steady).toBe(false)
    answers.get('/v1/thing')!(reply({ success: true, items: [] }))
    expect(await save).toMatchObject({ success: true })
    await waiting
    await new Promise((r) => setTimeout(r, 30))
    expect(order).toEqual(['/v1/notifications/unread', '/v1/thing', '/v1/notifications/unread'])
    answers.get('/v1/notifications/unread')!(reply({ success: true, notifications: [] }))
    expect(await later).toMatchObject({ success: true })
    expect(lost).not.toHaveBeenCalled()
    expect($user.get()).not.toBeNull()
    globalThis.removeEventListener(SESSION_LOST, lost)
    $user.set(null)
  })
})

describe('a call that ends the session (an erasure) is sent alone, and the 401s after it are expected', () => {
  // Seen in e2e (decision 031): the erasure ended the session while the bell's unread list was
  // out; its 401 sent the person to sign in instead of to the confirmation and the home page.
  it('waits for the calls still out; after it succeeded, no call goes out and none sends to sign in', async () => {
    const { lost, order, answers } = signedInPageWithHeldAnswers()
    const unread = beacon(NOTIFICATIONS_WIRE.unread, {}, isUnreadAnswer)
    const erase = call(postThing, { input: { q: 'erase' }, endsSession: true })
    await new Promise((r) => setTimeout(r, 30))
    expect(order).toEqual(['/v1/notifications/unread']) // the erasure is not sent yet
    const later = beacon(NOTIFICATIONS_WIRE.unread, { n: 2 }, isUnreadAnswer)
    answers.get('/v1/notifications/unread')!(reply({ success: true, notifications: [] }))
    await unread
    await new Promise((r) => setTimeout(r, 30))
    expect(order).toEqual(['/v1/notifications/unread', '/v1/thing']) // the later call waits for it
    answers.get('/v1/thing')!(reply({ success: true, items: [] }))
    expect(await erase).toMatchObject({ success: true })
    // The call that waited is not sent with the ended session: refused here, no 401 on the wire.
    expect(await later).toMatchObject({ success: false, status: 401 })
    expect(order).toEqual(['/v1/notifications/unread', '/v1/thing'])
    expect(lost).not.toHaveBeenCalled()
    // A new page starts with its session its own: the same answer then sends to sign in.
    configureApi('en', en)
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(reply({ success: false, message: 'Unauthenticated.' }, 401))
    await beacon(NOTIFICATIONS_WIRE.unread, {}, isUnreadAnswer)
    expect(lost).toHaveBeenCalledTimes(1)
    globalThis.removeEventListener(SESSION_LOST, lost)
    $user.set(null)
  })
})

describe('a call that ends the session waits for the sockets still opening', () => {
  // Seen in e2e: a sign-out right as /journey's bell opened its sockets; the handshake reached the
  // server after the session ended and was refused 401, which the browser logs as a page error.
  it('is sent once every handshake under way has ended, not before', async () => {
    const { order, answers, lost } = signedInPageWithHeldAnswers()
    const handshakeDone = socketOpening()
    const logout = call(postThing, { input: { q: 'logout' }, endsSession: true })
    await new Promise((r) => setTimeout(r, 30))
    expect(order).toEqual([]) // held while the socket opens
    handshakeDone()
    await new Promise((r) => setTimeout(r, 30))
    expect(order).toEqual(['/v1/thing'])
    answers.get('/v1/thing')!(reply({ success: true, items: [] }))
    expect(await logout).toMatchObject({ success: true })
    configureApi('en', en) // the next page: its session its own again
    globalThis.removeEventListener(SESSION_LOST, lost)
    $user.set(null)
  })
})

describe('beacon(): the usage calls every page makes, checked without zod', () => {
  it("sends the session call as the contract says and accepts only the contract's answer", async () => {
    expect(TRACKING_WIRE.session).toEqual({ method: getSession.method, path: getSession.path })
    const spy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(reply({ success: true, session_id: 'abc', new_session: true }))
    expect(await beacon(TRACKING_WIRE.session, { pathname: '/' }, isSessionAnswer)).toMatchObject({
      success: true,
      session_id: 'abc',
      new_session: true,
    })
    expect(String((spy.mock.calls[0]! as [URL])[0])).toBe('http://localhost/v1/session?pathname=%2F')
    spy.mockResolvedValueOnce(reply({ success: true, session_id: 7 }))
    expect(await beacon(TRACKING_WIRE.session, {}, isSessionAnswer)).toMatchObject({ success: false, code: 701 })
    expect($toasts.get()).toEqual([]) // silent, whatever happens
  })

  it('the hand-written check agrees with the response schema', () => {
    for (const body of [
      { success: true, session_id: 'x', new_session: false },
      { success: true, session_id: 'x' },
      { success: true, session_id: 1, new_session: true },
      { success: false },
      null,
      'x',
    ])
      expect(isSessionAnswer(body)).toBe(getSession.response.safeParse(body).success)
  })

  it("the bell's hand-written check of the unread list agrees with its response schema", () => {
    const n = {
      id: 1,
      key: 'i:1',
      notification_id: null,
      locale: 'es',
      level: 'info',
      type: null,
      close_after: 5000,
      title: 'Hola',
      description: null,
      content: null,
      created_at: '2026-11-25T10:00:00.000Z',
      read: false,
    }
    const bodies = [
      { success: true, notifications: [] },
      { success: true, notifications: [n] },
      { success: true, notifications: [n, { ...n, id: 2, notification_id: 9, locale: null, type: 'x' }] },
      { success: true, notifications: [{ ...n, level: 'loud' }] },
      { success: true, notifications: [{ ...n, id: 1.5 }] },
      { success: true, notifications: [{ ...n, locale: 'fr' }] },
      { success: true, notifications: [{ ...n, read: 0 }] },
      { success: true, notifications: [{ ...n, title: null }] },
      { success: true, notifications: [{ ...n, close_after: '5' }] },
      { success: true, notifications: [{ ...n, description: 3 }] },
      { success: true, notifications: [{ key: 'x' }] },
      { success: true, notifications: 'none' },
      { success: true },
      { success: false, notifications: [] },
      null,
    ]
    const agreed = bodies.map((b) => isUnreadAnswer(b) === listUnread.response.safeParse(b).success)
    expect(agreed).toEqual(bodies.map(() => true))
    expect(bodies.filter((b) => isUnreadAnswer(b))).toHaveLength(3)
  })
})
