import { describe, expect, it } from 'vitest'
import {
  hashPassword,
  isCommonPassword,
  PBKDF2_ITERATIONS,
  PBKDF2_MAX_ITERATIONS,
  timingSafeEqual,
  verifyDummy,
  verifyPassword,
} from '#worker/features/users/password'

describe('password hashing (PBKDF2-SHA256 through WebCrypto)', () => {
  it('stays within the production runtime cap of 100,000 iterations', async () => {
    // workerd in production refuses PBKDF2 above 100,000 iterations; local runs do not, so
    // only this test would notice a higher setting before a deploy broke every sign-in.
    expect(PBKDF2_MAX_ITERATIONS).toBe(100_000)
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000)
    const stored = await hashPassword('a quiet morning')
    expect(Number(stored.split('$')[1])).toBeLessThanOrEqual(100_000)
    // A stored hash claiming more iterations is refused rather than run.
    const tooMany = stored.replace(/\$\d+\$/, '$200000$')
    expect(await verifyPassword('a quiet morning', tooMany)).toBe(false)
  })

  it('stores algorithm, iterations, a per-user salt and the hash, and verifies', async () => {
    const t0 = Date.now()
    const a = await hashPassword('Calma-demo-2026')
    const ms = Date.now() - t0
    const b = await hashPassword('Calma-demo-2026')
    expect(a).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/)
    expect(a).not.toBe(b) // a fresh salt each time
    expect(await verifyPassword('Calma-demo-2026', a)).toBe(true)
    expect(await verifyPassword('Calma-demo-2027', a)).toBe(false)
    expect(await verifyPassword('Calma-demo-2026', null)).toBe(false)
    expect(await verifyPassword('Calma-demo-2026', 'bcrypt$whatever')).toBe(false)
    expect(await verifyPassword('Calma-demo-2026', 'pbkdf2-sha256$100000$!!$!!')).toBe(false)
    console.log(`one PBKDF2-SHA256 hash at 100,000 iterations: ${ms} ms`)
  })

  it('compares in constant time and the dummy check always fails', async () => {
    expect(timingSafeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true)
    expect(timingSafeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false)
    expect(timingSafeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 0]))).toBe(false)
    expect(await verifyDummy('anything')).toBe(false)
  })

  it('knows the most common passwords', () => {
    expect(isCommonPassword('password123')).toBe(true)
    expect(isCommonPassword('QWERTYUIOP')).toBe(true)
    expect(isCommonPassword('contraseña')).toBe(true)
    expect(isCommonPassword('Calm-and-steady-42')).toBe(false)
  })
})
