// One push's request made with less CPU (issue 43 §4, src/worker/push/payload.ts, decision 063):
// the body is still RFC 8291's to the byte, and the VAPID JWT is signed once per push service
// for an hour instead of once per push, always one a push service takes (RFC 8292).
import { env } from 'cloudflare:test'
import { buildPushPayload } from '@block65/webcrypto-web-push'
import { afterEach, describe, expect, it } from 'vitest'
import { encryptPush, forgetVapidJwts, pushRequest, VAPID_REUSE_S, vapidAuthorization } from '#worker/push/payload'
import { b64u, decryptPushBody, FakePushService, importEcdhPrivate, vapidProblem } from './fake-push-service'

// RFC 8291 Appendix A: the user agent's keys, the sender's key pair and salt, and the message.
const RFC = {
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  plaintext: 'When I grow up, I want to be a watermelon',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_' +
    'yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
}

const vapid = () => ({
  publicKey: env.VAPID_PUBLIC_KEY!,
  privateKey: env.VAPID_PRIVATE_KEY!,
  subject: env.VAPID_SUBJECT!,
})
const jwtOf = (authorization: string) => /t=([^,]+)/.exec(authorization)![1]!
const notice = { title: 'Tu momento de calma', body: 'Respira', url: '/journey', tag: 'notice-1' }

afterEach(() => forgetVapidJwts())

describe('a push request made once per push, signed once per push service', () => {
  it("encrypts RFC 8291 Appendix A's message to its exact body", async () => {
    const rfcBody = b64u.decode(RFC.body)
    const asPublicRaw = rfcBody.slice(21, 86)
    const local = {
      privateKey: await importEcdhPrivate(RFC.asPrivate, asPublicRaw),
      publicKey: await crypto.subtle.importKey('raw', asPublicRaw, { name: 'ECDH', namedCurve: 'P-256' }, true, []),
    }
    const body = await encryptPush({ p256dh: RFC.uaPublic, auth: RFC.auth }, new TextEncoder().encode(RFC.plaintext), {
      salt: b64u.decode(RFC.salt),
      local,
      pad: false,
    })
    expect(b64u.encode(body)).toBe(RFC.body)
  })

  it('is taken by a subscription made with our VAPID key and refused (403) by one made with another (RFC 8292 §4)', async () => {
    const fake = new FakePushService()
    const other = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
    ])) as CryptoKeyPair
    const otherKey = b64u.encode((await crypto.subtle.exportKey('raw', other.publicKey)) as ArrayBuffer)
    const ours = await fake.subscribe(undefined, env.VAPID_PUBLIC_KEY!)
    const theirs = await fake.subscribe(undefined, otherKey)
    const unbound = await fake.subscribe()
    const options = { ttl: 60, urgency: 'normal' as const, topic: 'notice-1' }
    const send = async (sub: typeof ours) => {
      const made = await pushRequest(vapid(), { endpoint: sub.endpoint, ...sub.keys }, notice, options)
      return (await fake.fetch(new Request(sub.endpoint, { method: 'POST', headers: made.headers, body: made.body })))
        .status
    }
    expect([await send(ours), await send(theirs), await send(unbound)]).toEqual([201, 403, 201])
    expect(fake.refused).toEqual([
      {
        endpoint: theirs.endpoint,
        status: 403,
        why: 'k= is not the key this subscription was made with (RFC 8292 §4)',
      },
    ])
  })

  it('makes the request the library made: same headers, a body padded to 4,096 bytes, both read by the push service', async () => {
    const fake = new FakePushService()
    const sub = await fake.subscribe()
    const device = { endpoint: sub.endpoint, ...sub.keys }
    const options = { ttl: 86_400, urgency: 'normal' as const, topic: 'notice-1' }
    const ours = await pushRequest(vapid(), device, notice, options)
    const theirs = await buildPushPayload(
      { data: notice, options },
      { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys },
      vapid(),
    )
    // The library's headers but content-length, which fetch sets from the body (decision 085).
    expect(Object.keys(ours.headers).sort()).toEqual(
      Object.keys(theirs.headers)
        .filter((h) => h !== 'content-length')
        .sort(),
    )
    expect(ours.body.length).toBe(theirs.body.length)
    expect(ours.body.length).toBe(4096)
    for (const req of [ours, theirs]) {
      const res = await fake.fetch(new Request(sub.endpoint, { method: 'POST', headers: req.headers, body: req.body }))
      expect(res.status, JSON.stringify(fake.refused)).toBe(201)
    }
    expect(fake.received.map((r) => r.payload)).toEqual([notice, notice])
  })

  it('two pushes to one push service carry one JWT (a push service takes it); another service, or an hour later, a new one', async () => {
    const t0 = Date.UTC(2026, 11, 7, 1, 0, 0)
    const a1 = await vapidAuthorization(vapid(), 'https://push.fake.example/wpush/v2/a', t0)
    const a2 = await vapidAuthorization(vapid(), 'https://push.fake.example/wpush/v2/b', t0 + 60_000)
    const other = await vapidAuthorization(vapid(), 'https://fcm.googleapis.com/fcm/send/c', t0 + 60_000)
    const later = await vapidAuthorization(vapid(), 'https://push.fake.example/wpush/v2/a', t0 + VAPID_REUSE_S * 1000)
    expect(jwtOf(a2)).toBe(jwtOf(a1))
    expect(jwtOf(other)).not.toBe(jwtOf(a1))
    expect(jwtOf(later)).not.toBe(jwtOf(a1))
    // Every one is good for its audience at the moment it is used, and at the end of its reuse.
    expect(await vapidProblem(a2, 'https://push.fake.example/wpush/v2/b', t0 + 60_000)).toBeNull()
    expect(await vapidProblem(a1, 'https://push.fake.example/wpush/v2/a', t0 + VAPID_REUSE_S * 1000 - 1)).toBeNull()
    expect(await vapidProblem(other, 'https://fcm.googleapis.com/fcm/send/c', t0)).toBeNull()
    expect(await vapidProblem(later, 'https://push.fake.example/wpush/v2/a', t0 + VAPID_REUSE_S * 1000)).toBeNull()
  })

  it('keys nothing can be encrypted to, or an endpoint that is not https, throw (the device counts as gone)', async () => {
    const fake = new FakePushService()
    const sub = await fake.subscribe()
    const bad = [
      { endpoint: sub.endpoint, p256dh: sub.keys.p256dh.slice(0, 40), auth: sub.keys.auth },
      { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: 'AAAA' },
      { endpoint: sub.endpoint.replace('https:', 'http:'), ...sub.keys },
    ]
    for (const device of bad)
      await expect(pushRequest(vapid(), device, notice, { ttl: 60, urgency: 'normal', topic: 't' })).rejects.toThrow()
    // And a good one still decrypts with the browser's keys.
    const ok = await pushRequest(vapid(), { endpoint: sub.endpoint, ...sub.keys }, notice, {
      ttl: 60,
      urgency: 'normal',
      topic: 't',
    })
    const text = await decryptPushBody(ok.body, {
      privateKey: sub.privateKey,
      publicRaw: b64u.decode(sub.keys.p256dh),
      auth: b64u.decode(sub.keys.auth),
    })
    expect(JSON.parse(text)).toEqual(notice)
  })
})
