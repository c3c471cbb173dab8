// Password hashing (issue 3 §3, DESIGN §4): PBKDF2-SHA256 through WebCrypto, a random salt per
// user, the parameters stored beside the hash, constant-time comparison. Uses only
// `crypto.subtle` and `btoa`/`atob`, so the seeder can call hashPassword from Node 22 as well.

/**
 * workerd refuses PBKDF2 above 100,000 iterations (production runtime cap); local Node does not,
 * so test/users/password.test.ts asserts we never go above it.
 */
export const PBKDF2_MAX_ITERATIONS = 100_000
export const PBKDF2_ITERATIONS = 100_000
const ALGORITHM = 'pbkdf2-sha256'
const SALT_BYTES = 16
const HASH_BYTES = 32

function toB64(bytes: Uint8Array): string {
  let s = ''
  for (const b of bytes) s += String.fromCharCode(b)
  return btoa(s)
}

function fromB64(b64: string): Uint8Array {
  const s = atob(b64)
  const out = new Uint8Array(s.length)
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i)
  return out
}

async function derive(password: string, salt: Uint8Array, iterations: number, bytes: number): Promise<Uint8Array> {
  if (iterations > PBKDF2_MAX_ITERATIONS)
    throw new Error(`PBKDF2 iterations above the runtime cap (${PBKDF2_MAX_ITERATIONS})`)
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(password.normalize('NFKC')),
    'PBKDF2',
    false,
    ['deriveBits'],
  )
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    bytes * 8,
  )
  return new Uint8Array(bits)
}

/** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`: self-describing, so the cost can change later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES))
  const hash = await derive(password, salt, PBKDF2_ITERATIONS, HASH_BYTES)
  return `${ALGORITHM}$${PBKDF2_ITERATIONS}$${toB64(salt)}$${toB64(hash)}`
}

/** Compares every byte whatever the first difference, so timing says nothing about the hash. */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length
  const n = Math.max(a.length, b.length)
  for (let i = 0; i < n; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0)
  return diff === 0
}

/** True when `password` matches `stored`; false for a malformed or foreign hash (never throws). */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false
  const parts = stored.split('$')
  if (parts.length !== 4 || parts[0] !== ALGORITHM) return false
  const iterations = Number(parts[1])
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_MAX_ITERATIONS) return false
  try {
    const salt = fromB64(parts[2]!)
    const expected = fromB64(parts[3]!)
    const actual = await derive(password, salt, iterations, expected.length || HASH_BYTES)
    return timingSafeEqual(actual, expected)
  } catch {
    return false
  }
}

// A fixed hash to spend the same time on when the email is unknown, so a miss and a wrong
// password cost alike (issue 3: "take similar time"). Its password is random and unknowable.
const DUMMY_HASH = `${ALGORITHM}$${PBKDF2_ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`

/** Burns one verification's worth of time and answers false. */
export async function verifyDummy(password: string): Promise<false> {
  await verifyPassword(password, DUMMY_HASH)
  return false
}

/**
 * The most common passwords (of at least 8 characters: shorter ones fail the length rule
 * anyway), from the public lists of breached passwords (NCSC top 100k, SecLists top 10k).
 * Compared lower-cased.
 */
const COMMON = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '12345678910',
  '87654321',
  '11111111',
  '00000000',
  '88888888',
  '11223344',
  '12341234',
  '12121212',
  '55555555',
  '66666666',
  '99999999',
  '147258369',
  '123123123',
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'password!',
  'qwertyuiop',
  'qwerty123',
  'qwertyui',
  'qwerty12',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'q1w2e3r4',
  'zaq12wsx',
  'asdfghjkl',
  'asdfasdf',
  'zxcvbnm1',
  '1qaz2wsx',
  'abcd1234',
  'abc12345',
  'abcdefgh',
  'aa123456',
  'iloveyou',
  'iloveyou1',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'welcome123',
  'superman',
  'starwars',
  'whatever',
  'trustno1',
  'letmein1',
  'letmein123',
  'computer',
  'michelle',
  'jennifer',
  'corvette',
  'mercedes',
  'blink182',
  'liverpool',
  'chelsea1',
  'charlie1',
  'jordan23',
  'babygirl',
  'lovelove',
  'lovely123',
  'monkey123',
  'dragon123',
  'master123',
  'shadow123',
  'admin123',
  'administrator',
  'changeme',
  'changeme1',
  'default1',
  'internet',
  'samsung1',
  'google123',
  'secret123',
  'contraseña',
  'contrasena',
  'contraseña1',
  'contrasena1',
  'contraseña123',
  'contrasena123',
  'teamo123',
  'tequiero',
  'hola1234',
  'holahola',
  'barcelona',
  'realmadrid',
  'mariposa',
  'estrella',
  'corazon1',
  'princesa',
  'calma123',
  'calmacalma',
  'ansiedad',
  'insomnio',
])

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase())
}
