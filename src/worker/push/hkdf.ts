// RFC 8291 §3.3–3.4's key schedule (HKDF-SHA-256, RFC 5869) in plain JS, for one push's keys
// (issue 43 §4, docs/decisions/083). WebCrypto's HKDF needs an importKey per input key and a
// deriveBits per output, each a promise across the runtime's boundary: five calls a push (the IKM,
// then the CEK and the nonce, each of which also re-ran the extract). Here it is one PRK for the
// IKM and one for the CEK and nonce (RFC 5869 §2.3: both are T(1) of the same PRK with their own
// info), four HMACs over a few blocks each, no promise. SHA-256 is constant-time by construction
// (32-bit adds, rotations and logic only; no table indexed by a secret), so doing it in JS leaks
// nothing WebCrypto's would not. Held to RFC 8291 Appendix A's example to the byte
// (test/push/payload.test.ts) and to WebCrypto's HKDF (test/push/hkdf.test.ts).

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
])
const IV = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
const W = new Uint32Array(64)

/** One SHA-256 compression of the 64 bytes of `block` at `at` into `h`. */
function compress(h: Uint32Array, block: Uint8Array, at: number) {
  for (let i = 0; i < 16; i++) {
    const j = at + i * 4
    W[i] = (block[j]! << 24) | (block[j + 1]! << 16) | (block[j + 2]! << 8) | block[j + 3]!
  }
  for (let i = 16; i < 64; i++) {
    const a = W[i - 15]!
    const b = W[i - 2]!
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3)
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10)
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0
  }
  let a = h[0]!
  let b = h[1]!
  let c = h[2]!
  let d = h[3]!
  let e = h[4]!
  let f = h[5]!
  let g = h[6]!
  let k = h[7]!
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))
    const t1 = (k + S1 + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0
    k = g
    g = f
    f = e
    e = (d + t1) | 0
    d = c
    c = b
    b = a
    a = (t1 + t2) | 0
  }
  h[0] = (h[0]! + a) | 0
  h[1] = (h[1]! + b) | 0
  h[2] = (h[2]! + c) | 0
  h[3] = (h[3]! + d) | 0
  h[4] = (h[4]! + e) | 0
  h[5] = (h[5]! + f) | 0
  h[6] = (h[6]! + g) | 0
  h[7] = (h[7]! + k) | 0
}

/** SHA-256 of the concatenation of `parts` (FIPS 180-4). */
export function sha256(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const length = parts.reduce((n, p) => n + p.length, 0)
  // The message, the 0x80 bit, zeros, and the 64-bit length in bits: a whole number of blocks.
  const padded = new Uint8Array(Math.ceil((length + 9) / 64) * 64)
  let at = 0
  for (const p of parts) {
    padded.set(p, at)
    at += p.length
  }
  padded[length] = 0x80
  const view = new DataView(padded.buffer)
  view.setUint32(padded.length - 8, Math.floor(length / 0x20000000))
  view.setUint32(padded.length - 4, (length * 8) >>> 0)
  const h = new Uint32Array(IV)
  for (let i = 0; i < padded.length; i += 64) compress(h, padded, i)
  const out = new Uint8Array(32)
  const outView = new DataView(out.buffer)
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i]!)
  return out
}

/** HMAC-SHA-256 (RFC 2104) of the concatenation of `parts` with a key of at most 64 bytes. */
export function hmacSha256(key: Uint8Array, ...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  if (key.length > 64) throw new Error('an HMAC key of more than 64 bytes is hashed first: not needed here')
  const ipad = new Uint8Array(64)
  const opad = new Uint8Array(64)
  ipad.set(key)
  opad.set(key)
  for (let i = 0; i < 64; i++) {
    ipad[i] = ipad[i]! ^ 0x36
    opad[i] = opad[i]! ^ 0x5c
  }
  return sha256(opad, sha256(ipad, ...parts))
}

const ONE = new Uint8Array([1])

/** RFC 5869 §2.2: PRK = HMAC(salt, IKM). */
export const hkdfExtract = (salt: Uint8Array, ikm: Uint8Array) => hmacSha256(salt, ikm)

/** RFC 5869 §2.3 for at most 32 bytes: T(1) = HMAC(PRK, info | 0x01), its first `bytes`. */
export function hkdfExpand(prk: Uint8Array, info: Uint8Array, bytes: number): Uint8Array<ArrayBuffer> {
  if (bytes > 32) throw new Error('one block of HKDF-SHA-256 output at most')
  return hmacSha256(prk, info, ONE).slice(0, bytes)
}
