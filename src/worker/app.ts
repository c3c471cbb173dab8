import { Hono, type Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { requestId } from 'hono/request-id'
import { runScheduled } from '#worker/cron/index'
import { isLocalEnv, type AppEnv } from './env'
import { headerAfter, requestContext } from '#worker/http/context'
import { sessionContext, unconfirmedStaff } from '#worker/identity/caller'
import { errorResponse } from '#worker/http/envelope'
import { AppError } from '#worker/http/errors'
import { isForeignKeyViolation } from '#worker/db/errors'
import { security } from '#worker/http/security'
import { viewerMark } from '#worker/http/viewer'
import { bodyGuard } from '#worker/http/body'
import { formBodiesOnly } from '#worker/http/form-only'
import { captchaGate } from '#worker/http/captcha'
import { csrfProtection } from '#worker/http/csrf'
import { usersRoutes } from '#worker/features/users/users.routes'
import { authRoutes, logoutRoute } from '#worker/features/users/auth.routes'
import { contentRoutes } from '#worker/features/content/content.routes'
import { contentManageRoutes } from '#worker/features/content/manage.routes'
import { likesRoutes } from '#worker/features/content/likes.routes'
import { postsRoutes } from '#worker/features/posts/posts.routes'
import { playbackRoutes } from '#worker/features/playback/playback.routes'
import { plansRoutes } from '#worker/features/plans/plans.routes'
import { appointmentFileRoutes, appointmentsRoutes } from '#worker/features/appointments/appointments.routes'
import { psychologistsRoutes } from '#worker/features/psychologists/psychologists.routes'
import { formsRoutes } from '#worker/features/forms/forms.routes'
import { trackingRoutes } from '#worker/features/tracking/tracking.routes'
import { postsManageRoutes } from '#worker/features/posts/manage.routes'
import { mediaRoutes } from '#worker/features/media/media.routes'
import { pageRegistryRoute, pageRoutes, renderErrorPage } from '#worker/ssr/pages.routes'
import { messagesRoutes } from '#worker/ssr/messages-file'
import { seoRoutes } from '#worker/features/site/site.seo'
import { engagementRoutes } from '#worker/features/engagement/engagement.routes'
import { rankingRoutes } from '#worker/features/ranking/ranking.routes'
import { checkinsRoutes } from '#worker/features/checkins/checkins.routes'
import { careRoutes } from '#worker/features/care/care.routes'
import { sharesRoutes } from '#worker/features/shares/shares.routes'
import { pushRoutes } from '#worker/push/push.routes'
import {
  notificationsRoutes,
  socketRoutes,
  unsubscribeRoutes,
} from '#worker/features/notifications/notifications.routes'
import { paymentsRoutes, stripeWebhookRoutes } from '#worker/features/payments/payments.routes'
import { devCheckoutRoutes } from '#worker/features/payments/checkout.dev'
import { adminRoutes } from '#worker/features/admin/admin.routes'
import { auditWrites } from '#worker/features/admin/audit'

/** The /v1 API: each feature's router mounted here and nowhere else (CONVENTIONS 2). */
export const api = new Hono<AppEnv>()
  .route('/', contentRoutes)
  .route('/', contentManageRoutes)
  .route('/', likesRoutes)
  .route('/', postsRoutes)
  .route('/', playbackRoutes)
  .route('/', plansRoutes)
  .route('/', appointmentsRoutes)
  .route('/', psychologistsRoutes)
  .route('/', postsManageRoutes)
  .route('/', usersRoutes)
  .route('/', formsRoutes)
  .route('/', trackingRoutes)
  .route('/', engagementRoutes)
  .route('/', rankingRoutes)
  .route('/', notificationsRoutes)
  .route('/', paymentsRoutes)
  .route('/', adminRoutes)
  .route('/', checkinsRoutes)
  .route('/', careRoutes)
  .route('/', sharesRoutes)
  .route('/', pushRoutes)

const app = new Hono<AppEnv>()

// Request ids are the server's own: a client-sent X-Request-Id is ignored (an empty header
// name makes hono generate one), so logs never quote text a caller chose (issue 14 §5).
app.use('*', requestId({ headerName: '' }))
app.use('*', async (c, next) => {
  await next()
  headerAfter(c, 'X-Request-Id', c.get('requestId'))
})
// Made once: hono's secureHeaders() parses its options and lays out the CSP when it is created;
// made per request (as it was), that was ~15% of the CPU of every answer in a profile under load.
app.use('*', security(import.meta.env.DEV))
app.use('*', bodyGuard) // 413 over the body limit, and drain what a handler left unread (http/body.ts)
app.use('*', requestContext)
app.use('*', sessionContext) // c.var.user; a failed lookup serves as a visitor (identity/)
app.use('*', viewerMark) // whose offline copies may be served: the session's opaque viewer (http/viewer.ts)
// Accounts (issue 3): CSRF for cookie-carried writes, then Turnstile on SPEC §7's paths, before any handler.
app.use('/v1/*', formBodiesOnly) // 415 for a body that is not form data (SPEC §7), before it could read as an empty form
app.use('/v1/*', csrfProtection)
app.use('/v1/*', captchaGate)
app.use('/v1/*', auditWrites) // every admin or publisher write, with before and after (features/admin/audit.ts)

app.route('/v1', api)
app.all('/v1/*', (c) => errorResponse(c, new AppError('not_found')))
app.route('/media', mediaRoutes)
app.route('/ws', socketRoutes) // realtime notifications (features/notifications, issue 11 §5)
app.route('/unsubscribe', unsubscribeRoutes) // one-click List-Unsubscribe (RFC 8058)
app.route('/appointment', appointmentFileRoutes) // /appointment/{id}/calendar.ics (issue 9 §7)
app.route('/hooks', stripeWebhookRoutes) // Stripe's signed events (features/payments; JSON, no session, no CSRF)
app.route('/__dev/pages', pageRegistryRoute) // local runs: the page table, for e2e/a11y.e2e.mjs
app.route('/__dev/checkout', devCheckoutRoutes) // local runs: the checkout that stands in for Stripe's
app.route('/auth', authRoutes) // Google / Apple redirect sign-in (features/users/auth.routes.ts)
app.route('/logout', logoutRoute)
app.route('/en/logout', logoutRoute)
// Local runs only: trigger a cron job by hand, as `wrangler dev --test-scheduled` would
// (that flag needs a bundling step the built app skips). Miniflare's own
// /cdn-cgi/handler/scheduled?cron=… works too.
app.get('/__scheduled', async (c, next) => {
  if (!isLocalEnv(c.env)) return next()
  const cron = c.req.query('cron') ?? '* * * * *'
  await runScheduled(cron, c.env, new Date())
  return c.text(`Ran "${cron}"`)
})
app.route('/i18n', messagesRoutes) // a language's words, named by their hash (ssr/messages-file.ts)
app.route('/', seoRoutes) // /sitemap.xml and /robots.txt (features/site/site.seo.ts)
app.route('/', pageRoutes)

function isApi(path: string) {
  return path === '/v1' || path.startsWith('/v1/')
}

/**
 * A write that named a row gone meanwhile (SQLite's foreign key check): the caller themselves
 * when their account was erased elsewhere (their session may still be served for up to KV's
 * 60 s at another location: docs/decisions/038), else what they pointed at.
 */
async function goneRow(c: Context<AppEnv>): Promise<AppError> {
  // A confirmation D1 could not give is its own answer (503, identity/caller.ts): not "gone" (401
  // signs the person out on the client) when it cannot tell.
  const caller =
    c.var.user && c.var.confirmUser
      ? await c.var.confirmUser().catch((err: unknown) => (err instanceof AppError ? err : null))
      : undefined
  if (caller instanceof AppError) return caller
  return new AppError(caller === null ? 'unauthenticated' : 'conflict')
}

/**
 * For a call whose service confirms its caller (identity/caller.ts unconfirmedStaff) refused or
 * failed before it did, or a request whose confirmation already said the session ended: 401 when
 * it has, 503 when D1 cannot tell, else nothing (the refusal stands). At most one read (none when
 * the confirmation is already under way), only on that path.
 */
async function confirmationFirst(c: Context<AppEnv>): Promise<AppError | null> {
  if (c.var.sessionEnded) return new AppError('unauthenticated')
  if (!unconfirmedStaff(c) || !c.var.confirmUser) return null
  const caller = await c.var.confirmUser().catch((err: unknown) => (err instanceof AppError ? err : null))
  if (caller instanceof AppError) return caller
  return caller === null ? new AppError('unauthenticated') : null
}

app.onError(async (err, c) => {
  const appErr =
    err instanceof AppError
      ? err
      : err instanceof HTTPException && err.status < 500
        ? new AppError(err.status === 401 ? 'unauthenticated' : err.status === 404 ? 'not_found' : 'bad_request')
        : isForeignKeyViolation(err)
          ? await goneRow(c)
          : null
  // Refused or failed before its service confirmed the caller: the confirmation answers first.
  const first = (!appErr || (appErr.status !== 401 && appErr.status !== 503)) && (await confirmationFirst(c))
  if (first) {
    // What the confirmation's answer replaces is still told (a warning: D1 down is expected here).
    if (!appErr)
      console.warn(
        `[${c.get('requestId')}] answered ${first.code}:`,
        String(err instanceof Error ? err.message : err).split('\n')[0],
      )
    return isApi(c.req.path) ? errorResponse(c, first) : renderErrorPage(c, first)
  }
  if (!appErr) console.error(`[${c.get('requestId')}]`, err)
  const e = appErr ?? new AppError('internal')
  // A failure before requestContext ran still answers in a language and the envelope.
  if (!c.get('t')) c.set('t', (k: string) => k)
  if (isApi(c.req.path)) return errorResponse(c, e)
  return renderErrorPage(c, e)
})

export default app
