// The push key schedule's HKDF-SHA-256 without WebCrypto (src/worker/push/hkdf.ts, @noble/hashes;
// docs/decisions/083) gives what WebCrypto's gives, at RFC 8291's lengths and around SHA-256's blocks.
import { describe, expect, it } from 'vitest'
import { hkdfExpand, hkdfExtract } from '#worker/push/hkdf'

const hex = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
const random = (n: number) => crypto.getRandomValues(new Uint8Array(n))

async function webCryptoHkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, bytes: number) {
  const key = await crypto.subtle.importKey('raw', new Uint8Array(ikm), 'HKDF', false, ['deriveBits'])
  const bits = await crypto.subtle.deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(salt), info: new Uint8Array(info) },
    key,
    bytes * 8,
  )
  return new Uint8Array(bits)
}

describe('HKDF-SHA-256 without WebCrypto', () => {
  it("derives what WebCrypto's HKDF derives (RFC 8291's lengths and others)", async () => {
    for (const [saltLen, ikmLen, infoLen, bytes] of [
      [16, 32, 144, 32], // RFC 8291 §3.4: auth, the ECDH secret, "WebPush: info" 0 ua as
      [16, 32, 28, 16], // the CEK
      [16, 32, 24, 12], // the nonce
      [0, 1, 0, 32],
      [64, 64, 63, 32],
      [33, 100, 64, 1],
      [1, 65, 200, 31],
    ] as const) {
      const salt = random(saltLen)
      const ikm = random(ikmLen)
      const info = random(infoLen)
      expect(hex(hkdfExpand(hkdfExtract(salt, ikm), info, bytes))).toBe(
        hex(await webCryptoHkdf(salt, ikm, info, bytes)),
      )
    }
  })
})
