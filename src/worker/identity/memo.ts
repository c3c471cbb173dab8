// This isolate's memo of verified sessions and of the tokens it has met (decision 034).
import type { PersonRecord, SessionRecord } from './records'

/**
 * This isolate's memo of verified sessions, keyed by the token itself (so a hit costs neither
 * the HMAC nor the KV reads: issue 21, the bearer's trivial call ≥ 0.85× a visitor's;
 * docs/decisions/034-the-signed-in-page-kept-and-the-session-remembered.md). KV stays the truth:
 * an entry lives SESSION_MEMO_MS at most, and every change this isolate makes to a session drops
 * the entries it concerns at once (logout: that session; a password change, an erasure, a row
 * or data-version change: all of the person's), so here a session ends at once, as before.
 * Another isolate may serve a revoked session up to SESSION_MEMO_MS longer, inside KV's own 60 s
 * (decision 038); what needs authority reads D1 whatever the memo holds.
 */
export const SESSION_MEMO_MS = 3_000
const SESSION_MEMO_MAX = 2_000
interface Verified {
  hash: string
  rec: SessionRecord
  person: PersonRecord
  dv: string | undefined
  until: number
}
export const verified = new Map<string, Verified>()
/** Off in the test pool, like the person's cached rows (tests write KV and D1 straight); test/speed turns it on. */
export const sessionMemo = { enabled: true }

export function remember(token: string, v: Verified) {
  if (verified.size >= SESSION_MEMO_MAX) verified.delete(verified.keys().next().value!)
  verified.set(token, v)
}

/**
 * Tokens this isolate has verified, with their KV hash and person: facts that never change for
 * a token (a session record is never rewritten), so they are kept without an expiry, and let
 * the next check read the record, the person and the version in one KV round. Whether the
 * session still exists is read from KV every time (or the memo above, for 3 s).
 */
const KNOWN_TOKENS_MAX = 10_000
export const knownTokens = new Map<string, { hash: string; uid: number }>()
export function knowToken(token: string, v: { hash: string; uid: number }) {
  if (knownTokens.size >= KNOWN_TOKENS_MAX) knownTokens.delete(knownTokens.keys().next().value!)
  knownTokens.set(token, v)
}

/** Drop this isolate's memo of one session (by its hash), of one person, or of everyone (tests). */
export function forgetSessions(which: { hash: string } | { uid: number } | 'all') {
  if (which === 'all') return verified.clear()
  for (const [token, v] of verified)
    if ('hash' in which ? v.hash === which.hash : v.rec.uid === which.uid) verified.delete(token)
}
