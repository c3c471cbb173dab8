// Google and Apple sign-in (issue 3 §4, DESIGN §4): the ID token's signature is checked against
// the provider's JWKS, and its issuer, audience and expiry (and nonce when one was sent) with
// jose. The JWKS is fetched with plain `fetch` and cached in KV for an hour, then verified with
// createLocalJWKSet; an unknown key id refetches once (key rotation). Tests fake the JWKS at the
// fetch boundary and sign tokens with a local key.
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose'
import type { Env } from '#worker/env'

export type Provider = 'google' | 'apple'

export interface ProviderConfig {
  jwksUrl: string
  issuers: string[]
  audience: (env: Env) => string[]
}

export const PROVIDERS: Record<Provider, ProviderConfig> = {
  google: {
    jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    issuers: ['https://accounts.google.com', 'accounts.google.com'],
    audience: (env) => splitList(env.GOOGLE_CLIENT_ID),
  },
  apple: {
    jwksUrl: 'https://appleid.apple.com/auth/keys',
    issuers: ['https://appleid.apple.com'],
    audience: (env) => splitList(env.APPLE_CLIENT_ID),
  },
}

/** A client id setting may list several ids (web, iOS, Android), comma separated. */
const splitList = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

const JWKS_CACHE_TTL_SEC = 60 * 60
const JWKS_TIMEOUT_MS = 3000
const CLOCK_TOLERANCE_SEC = 30

async function fetchJwks(url: string): Promise<JSONWebKeySet> {
  const res = await fetch(url, {
    signal: AbortSignal.timeout(JWKS_TIMEOUT_MS),
    headers: { accept: 'application/json' },
  })
  if (!res.ok) throw new Error(`JWKS ${url}: ${res.status}`)
  const body = (await res.json()) as JSONWebKeySet
  if (!body || !Array.isArray(body.keys)) throw new Error(`JWKS ${url}: no keys`)
  return body
}

async function jwksFor(env: Env, provider: Provider, kid: string | undefined): Promise<JSONWebKeySet> {
  const key = `jwks:${provider}`
  const cached = await env.KV.get<JSONWebKeySet>(key, 'json')
  if (cached && (!kid || cached.keys.some((k) => k.kid === kid))) return cached
  const fresh = await fetchJwks(PROVIDERS[provider].jwksUrl)
  await env.KV.put(key, JSON.stringify(fresh), { expirationTtl: JWKS_CACHE_TTL_SEC })
  return fresh
}

export interface ProviderIdentity {
  provider: Provider
  /** The provider's stable subject id: what the account is keyed by. */
  subject: string
  email: string | null
  emailVerified: boolean
  name: string | null
}

/**
 * Verify an ID token, or answer null (bad signature, wrong issuer or audience, expired,
 * nonce mismatch, malformed, or the JWKS could not be read: never an exception).
 */
export async function verifyIdToken(
  env: Env,
  provider: Provider,
  token: string,
  opts: { nonce?: string } = {},
): Promise<ProviderIdentity | null> {
  const cfg = PROVIDERS[provider]
  const audience = cfg.audience(env)
  if (!audience.length) return null
  let payload: JWTPayload
  try {
    const { kid, alg } = decodeProtectedHeader(token)
    if (alg !== 'RS256' && alg !== 'ES256') return null
    const jwks = createLocalJWKSet(await jwksFor(env, provider, kid))
    ;({ payload } = await jwtVerify(token, jwks, {
      issuer: cfg.issuers,
      audience,
      algorithms: ['RS256', 'ES256'],
      clockTolerance: CLOCK_TOLERANCE_SEC,
      requiredClaims: ['sub', 'exp', 'iat'],
    }))
  } catch {
    return null
  }
  if (opts.nonce !== undefined && payload.nonce !== opts.nonce) return null
  const sub = typeof payload.sub === 'string' ? payload.sub : ''
  if (!sub || sub.length > 255) return null
  const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : null
  // Apple sends email_verified as the string "true"; Google as a boolean.
  const emailVerified = payload.email_verified === true || payload.email_verified === 'true'
  const name = typeof payload.name === 'string' ? payload.name.slice(0, 100) : null
  return { provider, subject: sub, email, emailVerified, name }
}
