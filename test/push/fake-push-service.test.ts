// The fake push service is held to RFC 8291 Appendix A before it judges the app: its decryption
// reads the RFC's own message with the RFC's keys, and its VAPID check refuses what a push
// service refuses (docs/decisions/051).
import { describe, expect, it } from 'vitest'
import { b64u, decryptPushBody, importEcdhPrivate, vapidProblem } from './fake-push-service'

// RFC 8291 Appendix A (and §5): the user agent's keys, the auth secret and the message.
const RFC = {
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_' +
    'yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
}

const enc = new TextEncoder()

async function jwt(claims: Record<string, unknown>, key: CryptoKey) {
  const part = (o: unknown) => b64u.encode(enc.encode(JSON.stringify(o)))
  const data = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`
  const sig = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, enc.encode(data))
  return `${data}.${b64u.encode(sig)}`
}

describe('the fake push service', () => {
  it('decrypts RFC 8291 Appendix A to "When I grow up, I want to be a watermelon"', async () => {
    const publicRaw = b64u.decode(RFC.uaPublic)
    const privateKey = await importEcdhPrivate(RFC.uaPrivate, publicRaw)
    const text = await decryptPushBody(b64u.decode(RFC.body), { privateKey, publicRaw, auth: b64u.decode(RFC.auth) })
    expect(text).toBe('When I grow up, I want to be a watermelon')
  })

  it('refuses the same message with another auth secret (AES-GCM fails)', async () => {
    const publicRaw = b64u.decode(RFC.uaPublic)
    const privateKey = await importEcdhPrivate(RFC.uaPrivate, publicRaw)
    const wrong = new Uint8Array(16).fill(7)
    await expect(decryptPushBody(b64u.decode(RFC.body), { privateKey, publicRaw, auth: wrong })).rejects.toThrow()
  })

  it('checks the VAPID JWT: signature by k=, aud, exp within 24 h, sub', async () => {
    const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair
    const other = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
    ])) as CryptoKeyPair
    const k = b64u.encode((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer)
    const endpoint = 'https://push.fake.example/wpush/v2/abc'
    const now = Math.floor(Date.now() / 1000)
    const good = { aud: 'https://push.fake.example', exp: now + 3600, sub: 'mailto:equipo@calma.local' }
    const header = async (claims: Record<string, unknown>, key = pair.privateKey) =>
      `vapid t=${await jwt(claims, key)}, k=${k}`
    expect(await vapidProblem(await header(good), endpoint)).toBeNull()
    expect(await vapidProblem(await header(good, other.privateKey), endpoint)).toMatch(/signature/)
    expect(await vapidProblem(await header({ ...good, aud: 'https://elsewhere.example' }), endpoint)).toMatch(/aud/)
    expect(await vapidProblem(await header({ ...good, exp: now - 1 }), endpoint)).toMatch(/past/)
    expect(await vapidProblem(await header({ ...good, exp: now + 25 * 3600 }), endpoint)).toMatch(/24 hours/)
    expect(await vapidProblem(await header({ ...good, sub: undefined }), endpoint)).toMatch(/sub/)
    expect(await vapidProblem(`WebPush ${await jwt(good, pair.privateKey)}`, endpoint)).toMatch(/no vapid/)
  })

  it('reads a header once but judges every push: the same good header is refused at another origin and once expired', async () => {
    // The header's parsing and signature are kept per header (decision 085); what depends on the
    // push (its endpoint's origin as aud, exp against now) must still be checked each time.
    const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair
    const k = b64u.encode((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer)
    const nowMs = Date.now()
    const now = Math.floor(nowMs / 1000)
    const header = `vapid t=${await jwt({ aud: 'https://push.fake.example', exp: now + 3600, sub: 'mailto:equipo@calma.local' }, pair.privateKey)}, k=${k}`
    expect(await vapidProblem(header, 'https://push.fake.example/wpush/v2/a', nowMs)).toBeNull()
    expect(await vapidProblem(header, 'https://push.fake.example/wpush/v2/b', nowMs)).toBeNull()
    expect(await vapidProblem(header, 'https://other.push.example/wpush/v2/a', nowMs)).toMatch(/aud/)
    expect(await vapidProblem(header, 'https://push.fake.example/wpush/v2/a', nowMs + 3601_000)).toMatch(/past/)
    expect(await vapidProblem(header, 'https://push.fake.example/wpush/v2/a', nowMs)).toBeNull()
    // A JWT that is not JSON is refused with its reason, not thrown.
    expect(
      await vapidProblem(`vapid t=eyJhbGciOiJFUzI1NiJ9.bm90IGpzb24.c2ln, k=${k}`, 'https://push.fake.example/x', nowMs),
    ).toMatch(/does not parse/)
  })
})
