// A fake push service (the browser vendor's server) at the fetch boundary, following the real
// contract, written from the RFCs and not from the sender's code (docs/decisions/051):
// - RFC 8030 §5: POST to the subscription's endpoint; `TTL` is required (400 without it);
//   `Urgency` one of very-low/low/normal/high; `Topic` at most 32 base64url characters. 201
//   Created when taken; 404/410 for a subscription that is gone; 413 past 4096 bytes of body;
//   429 with Retry-After when the sender goes too fast.
// - RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`; the JWT is ES256 (header alg
//   ES256), signed by the key in k= (verified here), `aud` the endpoint's origin, `exp` in the
//   future and no more than 24 hours ahead, `sub` a mailto: or https: contact. Refused 401/403.
// - RFC 8291 + RFC 8188: `Content-Encoding: aes128gcm`; the body is one record: salt(16) rs(4)
//   idlen(1) keyid(65 = the sender's ephemeral public key) ciphertext; decrypted here with the
//   subscription's private key and auth secret (made below as a browser makes them), with
//   WebCrypto's own HKDF; the plaintext is recorded. A body that does not decrypt is 400.
// Checked against RFC 8291 Appendix A's example (test/push/fake-push-service.test.ts).
// Plain TypeScript on WebCrypto only: it runs in workerd and in Node (the scale bench).

const enc = new TextEncoder()
const dec = new TextDecoder()

export const b64u = {
  encode: (bytes: Uint8Array | ArrayBuffer) => {
    const b = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)
    let s = ''
    for (const x of b) s += String.fromCharCode(x)
    return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  },
  decode: (text: string) => {
    const s = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4))
    return Uint8Array.from(s, (c) => c.charCodeAt(0))
  },
}

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** A browser's side of one subscription: the endpoint, the keys it gives the app, and its private key. */
export interface BrowserSubscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
  /** The user agent's ECDH private key (never leaves the browser). */
  privateKey: CryptoKey
}

/** A subscription as a browser makes one (PushManager.subscribe): a P-256 pair and a 16-byte auth secret. */
export async function browserSubscription(endpoint: string): Promise<BrowserSubscription> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair
  const raw = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer)
  return {
    endpoint,
    keys: { p256dh: b64u.encode(raw), auth: b64u.encode(crypto.getRandomValues(new Uint8Array(16))) },
    privateKey: pair.privateKey,
  }
}

/** The private key of a known pair (the RFC's example), from its d and public point. */
export async function importEcdhPrivate(d: string, publicRaw: Uint8Array) {
  return crypto.subtle.importKey(
    'jwk',
    { kty: 'EC', crv: 'P-256', d, x: b64u.encode(publicRaw.slice(1, 33)), y: b64u.encode(publicRaw.slice(33, 65)) },
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    ['deriveBits'],
  )
}

/** A copy on its own ArrayBuffer (what WebCrypto's BufferSource takes). */
const own = (b: Uint8Array) => new Uint8Array(b)

const hkdf = async (salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, bytes: number) =>
  new Uint8Array(
    await crypto.subtle.deriveBits(
      { name: 'HKDF', hash: 'SHA-256', salt: own(salt), info: own(info) },
      await crypto.subtle.importKey('raw', own(ikm), 'HKDF', false, ['deriveBits']),
      bytes * 8,
    ),
  )

/** RFC 8291 §3.4 + RFC 8188 §2: the plaintext of an aes128gcm push message body, as the browser reads it. */
export async function decryptPushBody(
  body: Uint8Array,
  ua: { privateKey: CryptoKey; publicRaw: Uint8Array; auth: Uint8Array },
): Promise<string> {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header')
  const salt = body.slice(0, 16)
  const rs = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0)
  const idlen = body[20]!
  if (idlen !== 65) throw new Error(`keyid is ${idlen} bytes, not a P-256 point`)
  const asPublic = body.slice(21, 21 + idlen)
  const ciphertext = body.slice(21 + idlen)
  // RFC 8291 §4: one record only, so the whole ciphertext fits in rs.
  if (ciphertext.length > rs || rs < 18) throw new Error('more than one record')
  const asKey = await crypto.subtle.importKey('raw', asPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, [])
  const ecdh = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: asKey }, ua.privateKey, 256))
  const ikm = await hkdf(ua.auth, ecdh, concat(enc.encode('WebPush: info\0'), ua.publicRaw, asPublic), 32)
  const cek = await hkdf(salt, ikm, enc.encode('Content-Encoding: aes128gcm\0'), 16)
  const nonce = await hkdf(salt, ikm, enc.encode('Content-Encoding: nonce\0'), 12)
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt'])
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, key, ciphertext))
  // The last record's delimiter is 0x02, then zeros (RFC 8188 §2).
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end--
  if (end < 0 || padded[end] !== 2) throw new Error('no last-record delimiter')
  return dec.decode(padded.slice(0, end))
}

/** A `vapid` Authorization as read once: why it is refused whatever the push, or its JWT's claims and its k=. */
type VapidRead =
  | { problem: string }
  | { problem: null; claims: { aud?: string; exp?: number; sub?: string }; k: string }

/**
 * The Authorizations seen, read and their JWT's signature checked once each: a push service checks
 * a JWT once and knows it while it is valid (senders reuse one JWT per audience, RFC 8292 §2), so
 * the header's parsing, the JWT's decoding and its signature are not redone for the same header.
 * What depends on the push (its endpoint's origin as `aud`, `exp` against now, `sub`) is checked
 * on every request (vapidProblem).
 */
const readHeaders = new Map<string, Promise<VapidRead>>()

async function readVapid(header: string): Promise<VapidRead> {
  const m = /^vapid\s+(.+)$/i.exec(header)
  if (!m) return { problem: 'no vapid Authorization' }
  const params = Object.fromEntries(
    m[1]!.split(',').map((p) => {
      const i = p.indexOf('=')
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()]
    }),
  )
  const t = params.t
  const k = params.k
  if (!t || !k) return { problem: 'vapid without t= or k=' }
  const [h, p, s] = t.split('.')
  if (!h || !p || !s) return { problem: 'the JWT is not three parts' }
  const head = JSON.parse(dec.decode(b64u.decode(h))) as { alg?: string }
  if (head.alg !== 'ES256') return { problem: `JWT alg ${head.alg}` }
  const claims = JSON.parse(dec.decode(b64u.decode(p))) as { aud?: string; exp?: number; sub?: string }
  const kRaw = b64u.decode(k)
  if (kRaw.length !== 65 || kRaw[0] !== 4) return { problem: 'k= is not an uncompressed P-256 point' }
  const pub = await crypto.subtle.importKey('raw', kRaw, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify'])
  const ok = await crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    pub,
    b64u.decode(s),
    enc.encode(`${h}.${p}`),
  )
  if (!ok) return { problem: 'the JWT signature does not verify with k=' }
  return { problem: null, claims, k }
}

/** The Authorization read once (readHeaders), or a refusal's reason when it cannot be read at all. */
function vapidRead(header: string): Promise<VapidRead> {
  let read = readHeaders.get(header)
  if (!read) {
    if (readHeaders.size > 10_000) readHeaders.clear()
    read = readVapid(header).catch((err: unknown) => ({
      problem: `the JWT does not parse: ${err instanceof Error ? err.message : String(err)}`,
    }))
    readHeaders.set(header, read)
  }
  return read
}

/** RFC 8292 §2–3: why a `vapid` Authorization is refused for `endpoint`, or null when it is good. */
export async function vapidProblem(header: string | null, endpoint: string, now = Date.now()): Promise<string | null> {
  return (await vapidCheck(header, endpoint, now)).problem
}

/** vapidProblem, and the k= of a good one (what the fake records). */
async function vapidCheck(
  header: string | null,
  endpoint: string,
  now: number,
): Promise<{ problem: string; k?: undefined } | { problem: null; k: string }> {
  if (!header) return { problem: 'no vapid Authorization' }
  const read = await vapidRead(header)
  if (read.problem !== null) return { problem: read.problem }
  const { claims } = read
  const origin = originOf(endpoint)
  if (claims.aud !== origin) return { problem: `aud ${claims.aud} is not ${origin}` }
  const nowSec = Math.floor(now / 1000)
  if (typeof claims.exp !== 'number' || claims.exp <= nowSec) return { problem: 'exp is past' }
  if (claims.exp > nowSec + 24 * 60 * 60) return { problem: 'exp more than 24 hours ahead' }
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return { problem: 'sub is not a mailto: or https: contact' }
  return { problem: null, k: read.k }
}

/** An endpoint's origin (the `aud` its JWT must name), parsed by URL once per distinct scheme and host. */
const origins = new Map<string, string>()
function originOf(endpoint: string) {
  // The text up to the path's slash names the origin; URL parses it once (case, default port).
  const cut = endpoint.indexOf('/', endpoint.indexOf('//') + 2)
  const head = cut < 0 ? endpoint : endpoint.slice(0, cut)
  let origin = origins.get(head)
  if (origin === undefined) {
    origin = new URL(endpoint).origin
    if (origins.size > 10_000) origins.clear()
    origins.set(head, origin)
  }
  return origin
}

/** A base64url key as compared: without its padding, which RFC 8292 §3.2 leaves out. */
const unpadded = (key: string) => key.replace(/=+$/, '')

export interface Received {
  endpoint: string
  /** The decrypted payload, parsed (the app sends JSON); null for a body this fake did not decrypt (decryptEvery). */
  payload: Record<string, unknown> | null
  ttl: number
  urgency: string | null
  topic: string | null
  /** The public key of k= (the app's VAPID key). */
  k: string
}

/** The fake service: knows the subscriptions a test made, answers as a push service would. */
export class FakePushService {
  readonly received: Received[] = []
  readonly refused: { endpoint: string; status: number; why: string }[] = []
  private readonly subs = new Map<string, BrowserSubscription>()
  /** What the next requests to an endpoint are answered (404, 410, 413, 429…), instead of delivering. */
  private readonly answers = new Map<string, number>()

  private taken = 0

  /**
   * The origin the fake answers for. `decryptEvery`: decrypt one body in so many (default every
   * one). A push service cannot decrypt anything (only the browser holds the keys), so this is the
   * browser's side, for the tests' sake; bench:scale's 100,000 pushes decrypt a sample, so that the
   * fake's CPU (≈ 1.7 ms a body in Node) is not what the bench measures (issue 43 §4). Every body
   * is still held to RFC 8188's header and the 4,096 bytes.
   */
  constructor(
    readonly origin = 'https://push.fake.example',
    private readonly decryptEvery = 1,
  ) {}

  /**
   * A subscription at `path`. With `applicationServerKey` (the app's VAPID public key, as
   * PushManager.subscribe is given it), only pushes whose `k=` is that key are taken: RFC 8292 §4,
   * "the push service MUST reject a message … if the public key does not match" (403). Without
   * it, any key is taken, as for a subscription made without one.
   */
  async subscribe(path = crypto.randomUUID(), applicationServerKey?: string): Promise<BrowserSubscription> {
    const sub = await browserSubscription(`${this.origin}/wpush/v2/${path}`)
    this.subs.set(sub.endpoint, sub)
    if (applicationServerKey !== undefined) this.serverKeys.set(sub.endpoint, unpadded(applicationServerKey))
    return sub
  }

  /** The application server key each subscription was made with, when it was (RFC 8292 §4). */
  private readonly serverKeys = new Map<string, string>()

  /** Endpoints that start with a prefix, and the browser keys they share (bench:scale's devices). */
  private readonly prefixes: [string, BrowserSubscription][] = []

  /**
   * Every endpoint under `prefix` with the same browser keys (bench:scale's 100,000 devices share
   * one pair), without a map of them all.
   */
  aliasPrefix(prefix: string, sub: BrowserSubscription) {
    this.prefixes.push([prefix, sub])
  }

  /** From now on, `endpoint` is answered `status` (e.g. 410: the person unsubscribed in the browser). */
  answer(endpoint: string, status: number) {
    this.answers.set(endpoint, status)
  }

  handles(url: string) {
    return url.startsWith(`${this.origin}/`)
  }

  private refuse(endpoint: string, status: number, why: string, headers: Record<string, string> = {}) {
    this.refused.push({ endpoint, status, why })
    return new Response(why, { status, headers })
  }

  async fetch(request: Request): Promise<Response> {
    const endpoint = request.url
    if (request.method !== 'POST') return this.refuse(endpoint, 405, 'POST only')
    const sub = this.subs.get(endpoint) ?? this.prefixes.find(([p]) => endpoint.startsWith(p))?.[1]
    const asked = this.answers.get(endpoint)
    if (!sub || asked === 404 || asked === 410) return this.refuse(endpoint, asked ?? 404, 'no such subscription')
    const vapid = await vapidCheck(request.headers.get('authorization'), endpoint, Date.now())
    if (vapid.problem !== null) return this.refuse(endpoint, 403, vapid.problem)
    const { k } = vapid
    const bound = this.serverKeys.get(endpoint)
    if (bound !== undefined && bound !== unpadded(k))
      return this.refuse(endpoint, 403, 'k= is not the key this subscription was made with (RFC 8292 §4)')
    const ttl = request.headers.get('ttl')
    if (ttl === null || !/^\d+$/.test(ttl)) return this.refuse(endpoint, 400, 'TTL is required')
    const urgency = request.headers.get('urgency')
    if (urgency !== null && !['very-low', 'low', 'normal', 'high'].includes(urgency))
      return this.refuse(endpoint, 400, `Urgency ${urgency}`)
    const topic = request.headers.get('topic')
    if (topic !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) return this.refuse(endpoint, 400, `Topic ${topic}`)
    if (request.headers.get('content-encoding') !== 'aes128gcm')
      return this.refuse(endpoint, 415, 'Content-Encoding must be aes128gcm')
    const body = new Uint8Array(await request.arrayBuffer())
    if (body.length > 4096 || asked === 413) return this.refuse(endpoint, 413, 'payload too large')
    if (asked === 429) return this.refuse(endpoint, 429, 'too many requests', { 'retry-after': '120' })
    if (asked && asked >= 500) return this.refuse(endpoint, asked, 'service unavailable')
    // RFC 8188 §2's header: salt(16) rs(4, at least 18) idlen(1) keyid(idlen: the sender's P-256
    // point for RFC 8291 §4), then one record with its 16-byte tag.
    const view = new DataView(body.buffer, body.byteOffset, body.byteLength)
    if (body.length < 21 + 65 + 17 || view.getUint32(16) < 18 || body[20] !== 65 || body[21] !== 4)
      return this.refuse(endpoint, 400, 'not an aes128gcm body with the sender key as keyid')
    if (this.taken++ % this.decryptEvery !== 0) {
      this.received.push({ endpoint, payload: null, ttl: Number(ttl), urgency, topic, k })
      return new Response(null, { status: 201, headers: { location: `${this.origin}/m/${crypto.randomUUID()}` } })
    }
    let text: string
    try {
      text = await decryptPushBody(body, {
        privateKey: sub.privateKey,
        publicRaw: b64u.decode(sub.keys.p256dh),
        auth: b64u.decode(sub.keys.auth),
      })
    } catch (err) {
      return this.refuse(endpoint, 400, `does not decrypt: ${err instanceof Error ? err.message : String(err)}`)
    }
    this.received.push({ endpoint, payload: JSON.parse(text), ttl: Number(ttl), urgency, topic, k })
    return new Response(null, { status: 201, headers: { location: `${this.origin}/m/${crypto.randomUUID()}` } })
  }
}
