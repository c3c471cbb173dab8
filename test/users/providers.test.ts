import { env } from 'cloudflare:test'
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { PROVIDERS } from '#worker/features/users/providers'
import { api, json } from '../helpers'
import { countRows, register, sessionCookie, setCookieHeader } from './support'

// Tokens are signed with a local key; the providers' JWKS is faked at the fetch boundary.
type Key = Awaited<ReturnType<typeof generateKeyPair>>['privateKey']
let goodKey: Key
let otherKey: Key
let jwks: { keys: JWK[] }

beforeAll(async () => {
  const good = await generateKeyPair('RS256', { extractable: true })
  const other = await generateKeyPair('RS256', { extractable: true })
  goodKey = good.privateKey
  otherKey = other.privateKey
  jwks = { keys: [{ ...(await exportJWK(good.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] }
})

let jwksCalls = 0
beforeEach(async () => {
  jwksCalls = 0
  await env.KV.delete('jwks:google')
  await env.KV.delete('jwks:apple')
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input)
    if (url === PROVIDERS.google.jwksUrl || url === PROVIDERS.apple.jwksUrl) {
      jwksCalls++
      return Response.json(jwks)
    }
    throw new Error(`unexpected fetch ${url}`)
  })
})

let n = 0
async function idToken(
  o: {
    provider?: 'google' | 'apple'
    sub?: string
    aud?: string
    iss?: string
    exp?: number
    key?: Key
    kid?: string
    email?: string
    emailVerified?: boolean | string
    nonce?: string
    name?: string
  } = {},
) {
  const provider = o.provider ?? 'google'
  const now = Math.floor(Date.now() / 1000)
  const claims: Record<string, unknown> = {}
  if (o.email) claims.email = o.email
  if (o.emailVerified !== undefined) claims.email_verified = o.emailVerified
  if (o.nonce) claims.nonce = o.nonce
  if (o.name) claims.name = o.name
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: o.kid ?? 'k1' })
    .setIssuer(o.iss ?? (provider === 'google' ? 'https://accounts.google.com' : 'https://appleid.apple.com'))
    .setAudience(o.aud ?? (provider === 'google' ? env.GOOGLE_CLIENT_ID : env.APPLE_CLIENT_ID))
    .setSubject(o.sub ?? `${provider}-subject-${Date.now()}-${n++}`)
    .setIssuedAt(now - 10)
    .setExpirationTime(o.exp ?? now + 600)
    .sign(o.key ?? goodKey)
}

const signIn = (form: Record<string, string>, locale = 'en') =>
  api('/v1/user/authenticate', { method: 'POST', locale, form })

describe('Google and Apple sign-in', () => {
  it('a first Google sign-in creates the account (legal age required), later ones find it by subject', async () => {
    const sub = `g-${Date.now()}`
    const email = `g.${Date.now()}@gmail.com`
    const token = await idToken({ sub, email, emailVerified: true, name: 'Gala' })
    const noAge = await signIn({ google_id_token: token })
    expect(noAge.status).toBe(422)
    expect((await json(noAge)).errors.legal_age).toEqual(['You must confirm that you are of legal age.'])

    const first = await signIn({ google_id_token: token, legal_age: '1' })
    expect(first.status).toBe(200)
    const body = await json(first)
    expect(body.user).toMatchObject({ google_id: sub, email, name: 'Gala', has_password: false, role: 1 })
    expect(sessionCookie(first)).toBe(body.user.token)

    const again = await signIn({
      google_id_token: await idToken({ sub, email: 'changed@gmail.com', emailVerified: true }),
    })
    expect(again.status).toBe(200)
    expect((await json(again)).user.id).toBe(body.user.id)
    expect(await countRows('users', 'google_id = ?1', sub)).toBe(1)
    expect(jwksCalls).toBe(1) // cached in KV after the first fetch
  })

  it('Apple works the same way (email_verified as a string)', async () => {
    const sub = `a-${Date.now()}`
    const res = await signIn({
      apple_id_token: await idToken({
        provider: 'apple',
        sub,
        email: `r${Date.now()}@privaterelay.appleid.com`,
        emailVerified: 'true',
      }),
      legal_age: '1',
      name: 'Andrés',
    })
    expect(res.status).toBe(200)
    expect((await json(res)).user).toMatchObject({ apple_id: sub, name: 'Andrés' })
  })

  it('refuses a wrong audience, issuer, expiry, signature or nonce, with the same answer', async () => {
    const bad = [
      await idToken({ aud: 'someone-elses-client-id' }),
      await idToken({ iss: 'https://accounts.evil.example' }),
      await idToken({ exp: Math.floor(Date.now() / 1000) - 3600 }),
      await idToken({ key: otherKey }), // signed by a key not in the JWKS, same kid
      await idToken({ key: otherKey, kid: 'unknown-kid' }),
      await idToken({ provider: 'apple' }), // an Apple token offered as Google
      'not.a.jwt',
    ]
    for (const token of bad) {
      const res = await signIn({ google_id_token: token, legal_age: '1' })
      expect(res.status).toBe(401)
      expect(await json(res)).toEqual({ success: false, code: 'invalid_credentials', message: 'Invalid credentials.' })
    }
    const wrongAudApple = await signIn({
      apple_id_token: await idToken({ provider: 'apple', aud: env.GOOGLE_CLIENT_ID }),
      legal_age: '1',
    })
    expect(wrongAudApple.status).toBe(401)
    const nonce = await signIn({ google_id_token: await idToken({ nonce: 'abc' }), nonce: 'xyz', legal_age: '1' })
    expect(nonce.status).toBe(401)
    expect(await countRows('users', 'google_id IS NOT NULL AND email IS NULL')).toBe(0)
  })

  it('is refused when the JWKS cannot be read (fail closed)', async () => {
    vi.mocked(globalThis.fetch).mockImplementation(async () => new Response('down', { status: 503 }))
    const res = await signIn({ google_id_token: await idToken(), legal_age: '1' })
    expect(res.status).toBe(401)
  })

  it('never joins an existing password account through the email', async () => {
    const owner = await register()
    // Unverified email: a new account without that email (the address stays the owner's).
    const unverified = await signIn({
      google_id_token: await idToken({ email: owner.email, emailVerified: false }),
      legal_age: '1',
    })
    expect(unverified.status).toBe(200)
    const u = (await json(unverified)).user
    expect(u.id).not.toBe(owner.id)
    expect(u.email).toBeNull()
    // Verified email that already has an account: refused, not linked.
    const verified = await signIn({
      google_id_token: await idToken({ email: owner.email, emailVerified: true }),
      legal_age: '1',
    })
    expect(verified.status).toBe(409)
    expect((await json(verified)).message).toBe(
      'This email already has an account. Sign in with your email, or recover your password.',
    )
    const row = await env.DB.prepare('SELECT google_id, apple_id FROM users WHERE id = ?1').bind(owner.id).first()
    expect(row).toEqual({ google_id: null, apple_id: null })
  })

  it('the page redirect flow checks state and nonce, then opens a session', async () => {
    const start = await api('/auth/google?redirect=%2Fen%2Fprofile&lang=en', { redirect: 'manual' })
    expect(start.status).toBe(302)
    const to = new URL(start.headers.get('location')!)
    expect(to.origin).toBe('https://accounts.google.com')
    expect(to.searchParams.get('response_mode')).toBe('form_post')
    expect(to.searchParams.get('redirect_uri')).toBe('http://localhost/auth/google/callback')
    expect(to.searchParams.get('client_id')).toBe(env.GOOGLE_CLIENT_ID)
    const state = to.searchParams.get('state')!
    const nonce = to.searchParams.get('nonce')!
    const stateCookie = /calma_oauth=([^;]+)/.exec(setCookieHeader(start) || start.headers.get('set-cookie')!)![1]
    expect(start.headers.get('set-cookie')).toMatch(/SameSite=None/i)

    const callback = (form: Record<string, string>, cookie = `calma_oauth=${stateCookie}`) =>
      api('/auth/google/callback', {
        method: 'POST',
        headers: { cookie, origin: 'https://accounts.google.com' },
        form,
        redirect: 'manual',
      })

    // A token whose nonce is not this flow's is refused.
    const wrongNonce = await callback({ state, id_token: await idToken({ nonce: 'other' }) })
    expect(wrongNonce.status).toBe(303)
    expect(wrongNonce.headers.get('location')).toBe('/en/login?error=provider&provider=google&reason=failed')

    // The state was spent by that attempt: start again.
    const again = await api('/auth/google?redirect=%2Fen%2Fprofile&lang=en', { redirect: 'manual' })
    const to2 = new URL(again.headers.get('location')!)
    const cookie2 = /calma_oauth=([^;]+)/.exec(again.headers.get('set-cookie')!)![1]
    const forged = await callback(
      { state: 'forged-state', id_token: await idToken({ nonce: to2.searchParams.get('nonce')! }) },
      `calma_oauth=${cookie2}`,
    )
    expect(forged.headers.get('location')).toContain('error=provider')

    const again3 = await api('/auth/google?redirect=%2Fen%2Fprofile&lang=en', { redirect: 'manual' })
    const to3 = new URL(again3.headers.get('location')!)
    const cookie3 = /calma_oauth=([^;]+)/.exec(again3.headers.get('set-cookie')!)![1]
    const ok = await callback(
      { state: to3.searchParams.get('state')!, id_token: await idToken({ nonce: to3.searchParams.get('nonce')! }) },
      `calma_oauth=${cookie3}`,
    )
    expect(ok.status).toBe(303)
    expect(ok.headers.get('location')).toBe('/en/profile')
    const token = sessionCookie(ok)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect((await api('/v1/user', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200)
    void nonce
  })
})
