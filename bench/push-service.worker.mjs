// bench:scale's push service as a Worker in the server's own workerd (issue 43 §4,
// docs/decisions/074): the outbound service of the bench's server (scripts/lib/direct-server.mjs
// CALMA_OUTBOUND_WORKER), bundled by bench/scale.mjs. A push to PUSH_HOST is answered by
// test/push/fake-push-service.ts, the same class and checks as the tests' (RFC 8030 headers,
// the VAPID JWT and its claims on every request, the RFC 8188 header and 4,096 bytes on every
// body, one body in DECRYPT_EVERY decrypted with the browser's key); any other fetch (the mail
// provider) goes out as it was asked. Miniflare puts its own Worker before every outbound
// service, so a fake behind a socket cost each push two more Workers, a TCP round trip and the
// Node process's parsing: more CPU than the app's own work (perf of workerd, decision 074).
// GET https://PUSH_HOST/__bench/stats answers what the fake received (the bench reads it).
import { b64u, FakePushService, importEcdhPrivate } from '../test/push/fake-push-service.ts'

let ready = null
const seen = new Set()
let counted = 0

function fakeOf(env) {
  ready ??= (async () => {
    const cfg = JSON.parse(env.PUSH_FAKE)
    const fake = new FakePushService(cfg.origin, cfg.decryptEvery)
    const privateKey = await importEcdhPrivate(cfg.d, b64u.decode(cfg.keys.p256dh))
    fake.aliasPrefix(cfg.prefix, { endpoint: cfg.prefix, keys: cfg.keys, privateKey })
    return fake
  })()
  return ready
}

function stats(fake) {
  // The distinct endpoints, counted as they come (no pass over every push on each read).
  for (; counted < fake.received.length; counted++) seen.add(fake.received[counted].endpoint)
  return {
    received: fake.received.length,
    devices: seen.size,
    refused: fake.refused.length,
    refusedFirst: fake.refused.slice(0, 5),
    decryptedTitles: fake.received.filter((r) => r.payload !== null).map((r) => String(r.payload.title)),
  }
}

export default {
  async fetch(request, env) {
    // The push host by the URL's text (a push's URL is the endpoint the fake made, https and
    // lower case): no URL parsed a push (decision 085).
    const origin = `https://${env.PUSH_HOST}/`
    if (!request.url.startsWith(origin) && !request.url.startsWith(`http://${env.PUSH_HOST}/`)) return fetch(request)
    const fake = await fakeOf(env)
    if (request.url.endsWith('/__bench/stats')) return Response.json(stats(fake))
    return fake.fetch(request)
  },
}
