// RFC 8291 §3.3–3.4's key schedule (HKDF-SHA-256, RFC 5869) without WebCrypto, for one push's keys
// (issue 43 §4, docs/decisions/083). WebCrypto's HKDF needs an importKey per input key and a
// deriveBits per output, each a promise across the runtime's boundary: five calls a push (the IKM,
// then the CEK and the nonce, each of which also re-ran the extract). Here it is one PRK for the
// IKM and one for the CEK and nonce (RFC 5869 §2.3: both are T(1) of the same PRK with their own
// info), four HMACs over a few blocks each, no promise. The hashing is @noble/hashes' (audited,
// constant-time SHA-256, no table indexed by a secret): not ours to write. Held to RFC 8291
// Appendix A's example to the byte (test/push/payload.test.ts) and to WebCrypto's HKDF
// (test/push/hkdf.test.ts).
import { expand, extract } from '@noble/hashes/hkdf.js'
import { sha256 } from '@noble/hashes/sha2.js'

/** RFC 5869 §2.2: PRK = HMAC(salt, IKM). */
export const hkdfExtract = (salt: Uint8Array, ikm: Uint8Array) => extract(sha256, ikm, salt)

/** RFC 5869 §2.3: the first `bytes` of T(1) | T(2) …, for `info`. */
export const hkdfExpand = (prk: Uint8Array, info: Uint8Array, bytes: number) => expand(sha256, prk, info, bytes)
