// One push's request, made with as little CPU as the RFCs allow (issue 43 §4; docs/decisions/063).
// What the push library (@block65/webcrypto-web-push, still the reference: test/push/payload.test.ts
// holds this to RFC 8291's own example) did per push, and what is kept instead:
// - the VAPID key imported from JWK and an ES256 JWT signed for every push: RFC 8292 §2 lets a JWT
//   be used until its `exp` (at most 24 h ahead), for every push to the same push service (`aud`
//   is the endpoint's origin). A JWT is signed once per audience and reused for VAPID_REUSE_S of
//   its VAPID_TTL_S, then signed again; the key is imported once per isolate;
// - the body built by spreading ~4 KB of bytes into a JS array (`[...salt, ..., ...record]`) and
//   HKDF as chains of HMAC keys imported one by one: the body is now filled in place, and RFC 8291
//   §3.4's key schedule runs in JS (./hkdf.ts: one PRK for the IKM, one for the CEK and the nonce,
//   no WebCrypto call; it took five, each a promise across the runtime, decision 083).
// A new ECDH key pair and salt per message stay (RFC 8291 §3.1), and the record is still padded to
// the 4,096 bytes every push service takes, so its size says nothing of the notice.
import { hkdfExpand, hkdfExtract } from './hkdf'
import type { PushNotice } from './send'

/** The VAPID JWT's lifetime (RFC 8292: at most 24 h; 12 h as the library signed them). */
export const VAPID_TTL_S = 12 * 60 * 60
/** How long one JWT is reused for an audience: well inside its lifetime, so a push never carries one about to expire. */
export const VAPID_REUSE_S = 60 * 60
/** RFC 8188: the record size, and the bytes of its header (salt 16, rs 4, idlen 1, keyid 65). */
const RECORD_SIZE = 4096
const HEADER_SIZE = 21 + 65
/** A push service must take 4,096 bytes: the padded plaintext fills it (delimiter and GCM tag: 17). */
const MAX_PLAINTEXT = RECORD_SIZE - HEADER_SIZE - 17

export type Vapid = { publicKey: string; privateKey: string; subject: string }
type PushKeys = { p256dh: string; auth: string }

/** The padded plaintext's buffer, all zeros between pushes (encryptPush). */
const scratch = new Uint8Array(MAX_PLAINTEXT + 1)

const enc = new TextEncoder()
const INFO_CEK = enc.encode('Content-Encoding: aes128gcm\0')
const INFO_NONCE = enc.encode('Content-Encoding: nonce\0')
const INFO_KEY = enc.encode('WebPush: info\0')

function b64uDecode(text: string): Uint8Array<ArrayBuffer> {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4))
  const out = new Uint8Array(s.length)
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i)
  return out
}

function b64uEncode(bytes: Uint8Array) {
  let s = ''
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]!)
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

const signingKeys = new Map<string, Promise<CryptoKey>>()
const jwts = new Map<string, { jwt: string; until: number }>()

/** The VAPID private key as a signing key, imported once per isolate and key. */
function signingKey(vapid: Vapid) {
  const id = `${vapid.publicKey}|${vapid.privateKey}`
  let key = signingKeys.get(id)
  if (!key) {
    const pub = b64uDecode(vapid.publicKey)
    key = crypto.subtle.importKey(
      'jwk',
      {
        kty: 'EC',
        crv: 'P-256',
        x: b64uEncode(pub.slice(1, 33)),
        y: b64uEncode(pub.slice(33, 65)),
        d: vapid.privateKey,
      },
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['sign'],
    )
    // A key that does not import is not kept: the next push tries again (and fails the same way).
    key.catch(() => signingKeys.delete(id))
    signingKeys.set(id, key)
  }
  return key
}

/**
 * RFC 8292 §3.1's Authorization for a push to `endpoint`: `vapid t=<JWT>, k=<public key>`, the JWT
 * signed once per audience (the endpoint's origin) and reused for VAPID_REUSE_S.
 */
export async function vapidAuthorization(vapid: Vapid, endpoint: string, nowMs = Date.now()) {
  const aud = audienceOf(endpoint)
  const id = `${vapid.publicKey}|${vapid.subject}|${aud}`
  const now = Math.floor(nowMs / 1000)
  const kept = jwts.get(id)
  if (kept && kept.until > now) return `vapid t=${kept.jwt}, k=${vapid.publicKey}`
  const part = (o: unknown) => b64uEncode(enc.encode(JSON.stringify(o)))
  const data = `${part({ typ: 'JWT', alg: 'ES256' })}.${part({ aud, exp: now + VAPID_TTL_S, sub: vapid.subject })}`
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    await signingKey(vapid),
    enc.encode(data),
  )
  const jwt = `${data}.${b64uEncode(new Uint8Array(signature))}`
  jwts.set(id, { jwt, until: now + VAPID_REUSE_S })
  return `vapid t=${jwt}, k=${vapid.publicKey}`
}

/**
 * The endpoint's origin, the JWT's `aud`. The text of an `https://` endpoint up to its path's first
 * slash holds its whole authority (which ends at the first / ? # or \), so the URL is parsed once
 * per such head (a message's 100 pushes mostly share one push service), not once a push (issue 43
 * §4, docs/decisions/085). Anything else is parsed every time (and refused unless https).
 */
const audiences = new Map<string, string>()
function audienceOf(endpoint: string) {
  const cut = endpoint.startsWith('https://') ? endpoint.indexOf('/', 8) : -1
  const head = cut < 0 ? null : endpoint.slice(0, cut)
  let aud = head === null ? undefined : audiences.get(head)
  if (aud === undefined) {
    const url = new URL(endpoint)
    // RFC 8030 §2: push resources are https (the library refused others; so does this).
    if (url.protocol !== 'https:') throw new Error(`push endpoint is not https: ${url.protocol}`)
    aud = url.origin
    if (head !== null) {
      if (audiences.size >= 1000) audiences.clear()
      audiences.set(head, aud)
    }
  }
  return aud
}

/** Forget the kept JWTs (a test that moves the clock). */
export function forgetVapidJwts() {
  jwts.clear()
}

/** For RFC 8291's own example (the test): the salt and the sender's key pair it used, and no padding. */
type Fixed = { salt: Uint8Array<ArrayBuffer>; local: CryptoKeyPair; pad: false }

/**
 * RFC 8291 (aes128gcm of RFC 8188, one record): `plaintext` encrypted to a browser's keys. Throws
 * for keys nothing can be encrypted to (not a P-256 point, an auth secret not of 16 bytes).
 */
export async function encryptPush(
  keys: PushKeys,
  plaintext: Uint8Array,
  fixed?: Fixed,
): Promise<Uint8Array<ArrayBuffer>> {
  if (plaintext.length > MAX_PLAINTEXT)
    throw new Error(`push payload is ${plaintext.length} bytes, the most is ${MAX_PLAINTEXT}`)
  const uaPublic = b64uDecode(keys.p256dh)
  const auth = b64uDecode(keys.auth)
  if (uaPublic.length !== 65 || uaPublic[0] !== 4) throw new Error('p256dh is not an uncompressed P-256 point')
  if (auth.length !== 16) throw new Error('the auth secret is not 16 bytes')
  const [uaKey, local] = await Promise.all([
    crypto.subtle.importKey('raw', uaPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []),
    fixed?.local ??
      (crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
        'deriveBits',
      ]) as Promise<CryptoKeyPair>),
  ])
  const [asPublicRaw, shared] = await Promise.all([
    crypto.subtle.exportKey('raw', local.publicKey) as Promise<ArrayBuffer>,
    crypto.subtle.deriveBits({ name: 'ECDH', public: uaKey }, local.privateKey, 256),
  ])
  const asPublic = new Uint8Array(asPublicRaw)
  const salt = fixed?.salt ?? crypto.getRandomValues(new Uint8Array(16))
  // RFC 8291 §3.4: IKM = HKDF(auth, ecdh, "WebPush: info" 0 ua_public as_public, 32).
  const keyInfo = new Uint8Array(INFO_KEY.length + 130)
  keyInfo.set(INFO_KEY)
  keyInfo.set(uaPublic, INFO_KEY.length)
  keyInfo.set(asPublic, INFO_KEY.length + 65)
  // RFC 8291 §3.4's two HKDFs in JS (./hkdf.ts): one PRK each, no WebCrypto call.
  const ikm = hkdfExpand(hkdfExtract(auth, new Uint8Array(shared)), keyInfo, 32)
  const prk = hkdfExtract(salt, ikm)
  const cek = hkdfExpand(prk, INFO_CEK, 16)
  const nonce = hkdfExpand(prk, INFO_NONCE, 12)
  const aes = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['encrypt'])
  // The last record's delimiter 0x02, then zeros up to the padded size (RFC 8188 §2). The padded
  // plaintext is written into one zeroed buffer of the isolate and wiped back after: encrypt takes
  // a copy of its input when called (WebCrypto's "get a copy of the bytes"), so pushes made side by
  // side never see each other's, and no 4 KB is allocated and zeroed a push (decision 085).
  const length = (fixed ? plaintext.length : MAX_PLAINTEXT) + 1
  scratch.set(plaintext)
  scratch[plaintext.length] = 2
  const encrypting = crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, aes, scratch.subarray(0, length))
  scratch.fill(0, 0, plaintext.length + 1)
  const record = new Uint8Array(await encrypting)
  const body = new Uint8Array(HEADER_SIZE + record.length)
  body.set(salt)
  new DataView(body.buffer).setUint32(16, RECORD_SIZE)
  body[20] = 65
  body.set(asPublic, 21)
  body.set(record, HEADER_SIZE)
  return body
}

/** RFC 8030 §5's request for one push: headers and the encrypted body. */
export async function pushRequest(
  vapid: Vapid,
  device: { endpoint: string; p256dh: string; auth: string },
  notice: PushNotice,
  options: { ttl: number; urgency: 'very-low' | 'low' | 'normal' | 'high'; topic: string },
) {
  const [authorization, body] = await Promise.all([
    vapidAuthorization(vapid, device.endpoint),
    encryptPush({ p256dh: device.p256dh, auth: device.auth }, enc.encode(JSON.stringify(notice))),
  ])
  return {
    headers: {
      authorization,
      ttl: String(options.ttl),
      urgency: options.urgency,
      topic: options.topic,
      'content-encoding': 'aes128gcm',
      // No content-length of ours: fetch sets it from the body's bytes (a fixed-size Uint8Array),
      // and one header less is one less to copy at every hop of the request (decision 085).
      'content-type': 'application/octet-stream',
    },
    body,
  }
}
