// Every statement on auth_attempts (issue 14 §1–2; rules in throttle.ts). Each event is one
// INSERT, so concurrent attempts are all counted: there is no read-modify-write to race.

export type AttemptKind = 'sign_in' | 'register_taken'

export interface AttemptCounts {
  /** Events of this kind for the account inside the window, the one just recorded included. */
  account: number
  /** Events of this kind from the address inside the window, the one just recorded included. */
  address: number
}

/**
 * Record one event and count the window, in one D1 batch (a transaction, so the counts are
 * taken with this row and every earlier one in place: twenty concurrent calls see 1…20).
 */
export async function recordAndCount(d1: D1Database, kind: AttemptKind, account: string, address: string, now: number, windowMs: number): Promise<AttemptCounts> {
  const since = now - windowMs
  const [, counts] = await d1.batch<{ account: number; address: number }>([
    d1.prepare('INSERT INTO auth_attempts (kind, account, address, at) VALUES (?1, ?2, ?3, ?4)').bind(kind, account, address, now),
    d1
      .prepare(
        `SELECT (SELECT count(*) FROM auth_attempts WHERE kind = ?1 AND account = ?2 AND at > ?4) AS account,
                (SELECT count(*) FROM auth_attempts WHERE kind = ?1 AND address = ?3 AND at > ?4) AS address`,
      )
      .bind(kind, account, address, since),
  ])
  const row = counts.results[0]
  return { account: row?.account ?? 0, address: row?.address ?? 0 }
}

/** Events of `kind` from `address` since `since` (ms). */
export async function countFromAddress(d1: D1Database, kind: AttemptKind, address: string, since: number): Promise<number> {
  const row = await d1
    .prepare('SELECT count(*) AS n FROM auth_attempts WHERE kind = ?1 AND address = ?2 AND at > ?3')
    .bind(kind, address, since)
    .first<{ n: number }>()
  return row?.n ?? 0
}

/** Record one event without counting. */
export async function recordAttempt(d1: D1Database, kind: AttemptKind, account: string, address: string, now: number) {
  await d1.prepare('INSERT INTO auth_attempts (kind, account, address, at) VALUES (?1, ?2, ?3, ?4)').bind(kind, account, address, now).run()
}

/** Forget an account's events of `kind` (its owner signed in). */
export async function clearAccount(d1: D1Database, kind: AttemptKind, account: string) {
  await d1.prepare('DELETE FROM auth_attempts WHERE kind = ?1 AND account = ?2').bind(kind, account).run()
}

/** Drop events older than `before` (ms): the minute cron keeps the table to a day. */
export async function deleteAttemptsBefore(d1: D1Database, before: number): Promise<number> {
  const res = await d1.prepare('DELETE FROM auth_attempts WHERE at < ?1').bind(before).run()
  return res.meta.changes ?? 0
}
