// Small WebCrypto helpers shared by sessions, temporary tokens, captcha and signed links.

import type { Env } from '#worker/env'

export function b64url(bytes: Uint8Array): string {
  let s = ''
  for (const b of bytes) s += String.fromCharCode(b)
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** A fresh random token: 32 bytes (256 bits), base64url, 43 characters. */
export function randomToken(bytes = 32): string {
  return b64url(crypto.getRandomValues(new Uint8Array(bytes)))
}

/** Shape of randomToken(): anything else is refused before it reaches KV. */
export const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/

export async function sha256(text: string): Promise<string> {
  return b64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))))
}

const keys = new Map<string, Promise<CryptoKey>>()

export async function hmac(secret: string, text: string): Promise<string> {
  let key = keys.get(secret)
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ])
    keys.set(secret, key)
  }
  const sig = await crypto.subtle.sign('HMAC', await key, new TextEncoder().encode(text))
  return b64url(new Uint8Array(sig))
}

/** Constant-time string comparison (same length check leaks only the length). */
export function safeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

/**
 * The server secret that keys token hashes and signed links: the SESSION_PEPPER secret, in
 * every environment (local and test runs read theirs from config/local.vars). There is no
 * built-in fallback: a deploy without it answers 503 before reaching here (env.ts
 * PRODUCTION_SETTINGS), and anything else that lacks it fails closed.
 */
export function serverSecret(env: Env): string {
  if (env.SESSION_PEPPER) return env.SESSION_PEPPER
  throw new Error('SESSION_PEPPER is not set (locally: config/local.vars)')
}

/** What KV stores for a token: never the token itself (issue 3 §2). */
export const tokenHash = (env: Env, token: string) => hmac(serverSecret(env), `token:${token}`)
