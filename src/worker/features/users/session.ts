import type { Context } from 'hono'
import type { AppEnv, SessionUser } from '../../env'

/**
 * The signed-in caller of this request, or null. Accounts (issue 3) fill this in from the
 * Authorization bearer token or the session cookie; until then every caller is a visitor.
 */
export async function resolveSessionUser(_c: Context<AppEnv>): Promise<SessionUser | null> {
  return null
}
