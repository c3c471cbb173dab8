// The Workers of bench/push-split.mjs (issue 43 §4, docs/decisions/083), one bundle, each its
// ROLE: `app` makes pushes with the Worker's own code (src/worker/push/payload.ts) and sends them
// three ways; `fake` is the push service of bench:scale (test/push/fake-push-service.ts, every
// check); `sink` reads a push's body and answers 201 as a push service does, checking nothing.
import { pushRequest } from '../src/worker/push/payload.ts'
import { b64u, FakePushService, importEcdhPrivate } from '../test/push/fake-push-service.ts'

const notice = { title: 'Tu momento de calma', body: '', url: '/journey', tag: 'notice-12' }
const options = { ttl: 86_400, urgency: 'normal', topic: 'notice-12' }
/** Pushes in flight at once, as one message of the consumer has (push/deliver.ts IN_FLIGHT). */
const IN_FLIGHT = 12

let fake = null
const created = () => new Response(null, { status: 201, headers: { location: 'https://push.fake.example/m/1' } })

async function app(url, env) {
  const n = Number(url.searchParams.get('n') || 100)
  const how = url.pathname.slice(1)
  const { vapid, device } = JSON.parse(env.SPLIT)
  let ok = 0
  const build = (i) => pushRequest(vapid, { ...device, endpoint: `${device.endpoint}-${i}` }, notice, options)
  const prebuilt = await build(0)
  const send = {
    // Only the request made: the encryption and the VAPID header (the JWT is kept per audience).
    build: async (i) => {
      await build(i)
      ok++
    },
    // A made request sent by a service binding (no interceptor) to a Worker that reads it.
    sink: (i) => post((u, init) => env.SINK.fetch(u, init), i),
    // The same to the fake push service and its checks.
    fake: (i) => post((u, init) => env.FAKE.fetch(u, init), i),
    // The same by the global fetch, the Worker's own path: Miniflare's outbound interceptor, then the fake.
    out: (i) => post((u, init) => fetch(u, init), i),
  }[how]
  if (!send) return new Response('unknown', { status: 404 })
  async function post(f, i) {
    const res = await f(`${device.endpoint}-${i}`, {
      method: 'POST',
      headers: prebuilt.headers,
      body: prebuilt.body,
      redirect: 'manual',
    })
    await res.body?.cancel()
    if (res.status === 201) ok++
  }
  let next = 0
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < n) await send(next++)
    }),
  )
  return new Response(String(ok))
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url)
    if (env.ROLE === 'app') return app(url, env)
    if (env.ROLE === 'sink') {
      await request.arrayBuffer()
      return created()
    }
    fake ??= (async () => {
      const cfg = JSON.parse(env.SPLIT)
      const f = new FakePushService(cfg.origin, 100)
      const privateKey = await importEcdhPrivate(cfg.d, b64u.decode(cfg.device.p256dh))
      f.aliasPrefix(cfg.device.endpoint, { endpoint: cfg.device.endpoint, keys: cfg.device, privateKey })
      return f
    })()
    return (await fake).fetch(request)
  },
}
