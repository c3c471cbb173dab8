// The page side of Google and Apple sign-in (issue 3 §4, §10; the flow is ./oauth.ts) and the
// link fallback of logout.
import { Hono } from 'hono'
import { localizePath } from '#shared/i18n/index'
import type { AppEnv } from '#worker/env'
import { finishProviderFlow, startProviderFlow } from './oauth'
import { endSession } from '#worker/identity/sessions'

export const authRoutes = new Hono<AppEnv>()
  .get('/:provider', startProviderFlow)
  .post('/:provider/callback', finishProviderFlow)

/**
 * GET /logout, the fallback of the header's logout link when the page's script does not take
 * it (it normally POSTs /v1/user/logout). A GET that ends a session could be fired by any site
 * with a top-level link, so only a navigation the browser marks as same-origin (or typed by
 * the person) ends it; anything else just goes home. `logged_out=1` tells the page to clear
 * the local keys of SPEC §4.
 */
export const logoutRoute = new Hono<AppEnv>().get('/', async (c) => {
  const site = c.req.header('sec-fetch-site')
  const home = localizePath('/', c.var.locale)
  if (c.var.user && (site === 'same-origin' || site === 'none')) {
    await endSession(c)
    return c.redirect(`${home}?logged_out=1`, 303)
  }
  return c.redirect(home, 303)
})
