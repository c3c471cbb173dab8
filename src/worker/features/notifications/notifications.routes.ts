import { Hono } from 'hono'
import { Role } from '#shared/enums'
import { LANGUAGES, type Language } from '#shared/enums'
import * as calls from '#shared/contract/notifications'
import { ctxOf } from '#worker/context'
import type { AppEnv } from '#worker/env'
import { requireRole, requireUser } from '#worker/http/auth'
import { answer, routes } from '#worker/http/mount'
import { disableNotifications } from '#worker/features/users/profile.service'
import * as notifications from './notifications.service'
import {
  addressKey,
  clientAddress,
  openSocket,
  publicChannel,
  shardOf,
  socketOwner,
  userChannel,
} from '#worker/realtime/channels'
import { localizedHref } from '#client/app/pages.ts'

/** Notifications (issue 11 §4–6): admins create, schedule, cancel and list; everyone reads their own. */
const admins = requireRole(Role.admin)

export const notificationsRoutes = routes((on) => {
  on(calls.listNotifications, admins, (q, ctx) => notifications.list(ctx, q))
  on(calls.createNotification, admins, (f, ctx) => notifications.create(ctx, f))
  on(calls.cancelNotification, admins, (f, ctx) => notifications.cancel(ctx, f.id))
  on(calls.listDeadMail, admins, (_, ctx) => notifications.deadMail(ctx))
  on(calls.replayDeadMail, admins, async (f, ctx) => {
    const r = await notifications.replayDead(ctx, f.id ?? null, f.confirm ?? false)
    return answer(r, {
      message: r.needs_confirmation ? 'engagement.notifications.replayed_some' : 'engagement.notifications.replayed',
      params: { n: r.replayed, left: r.needs_confirmation },
    })
  })
  on(calls.listUnread, requireUser, (_, ctx) => notifications.unread(ctx))
  on(calls.markRead, requireUser, (f, ctx) => notifications.markRead(ctx, f))
})

/** A WebSocket from this site only: a page elsewhere cannot ride the person's cookie (cross-site WebSocket hijacking). */
function sameOrigin(req: Request) {
  const origin = req.headers.get('origin')
  return origin !== null && origin === new URL(req.url).origin
}

/** The client closes its socket itself when told its session ended (the app's client sends `?closes=1`). */
const closesItself = (req: Request) => new URL(req.url).searchParams.get('closes') === '1'

/**
 * Realtime under /ws (SPEC §7 "a public channel … and a per-user channel"): the upgrade goes to
 * the NotificationChannel object, which keeps the socket with the hibernation API and knows who
 * opened it (the person, their role and session, or the address of an anonymous socket).
 * Protocol and limits: docs/API.md "In the app, in real time".
 */
export const socketRoutes = new Hono<AppEnv>()
  .get('/notifications', async (c) => {
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') return c.text('Expected a WebSocket upgrade', 426)
    if (!sameOrigin(c.req.raw)) return c.text('Forbidden', 403)
    const user = c.var.user
    if (!user) return c.text('Unauthenticated', 401)
    return openSocket(c.env, userChannel(user.id), socketOwner(user, null, closesItself(c.req.raw)))
  })
  .get('/public/:locale', async (c) => {
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') return c.text('Expected a WebSocket upgrade', 426)
    if (!sameOrigin(c.req.raw)) return c.text('Forbidden', 403)
    const locale = c.req.param('locale') as Language
    if (!LANGUAGES.includes(locale)) return c.text('Not found', 404)
    // A visitor's socket is counted by its address (an IPv6 one by its /64), and lands on that address's shard.
    const address = addressKey(clientAddress(c.req.header('cf-connecting-ip'), c.req.header('cf-connecting-ipv6')))
    const owner = socketOwner(c.var.user, address, closesItself(c.req.raw))
    return openSocket(c.env, publicChannel(locale, shardOf(owner)), owner)
  })

/**
 * One-click unsubscribe (RFC 8058): the List-Unsubscribe header of notification mail points
 * here with the signed link's fields; a mail client POSTs `List-Unsubscribe=One-Click`. The
 * same signature as the disable-notifications page; a GET shows that page instead.
 */
export const unsubscribeRoutes = new Hono<AppEnv>()
  .post('/', async (c) => {
    const userId = Number(c.req.query('user_id'))
    const signature = c.req.query('signature') ?? ''
    if (!Number.isSafeInteger(userId) || userId < 1 || !signature) return c.text('Invalid link', 400)
    await disableNotifications({ ...ctxOf(c), user: null }, { user_id: userId, signature })
    return c.text('Unsubscribed', 200)
  })
  .get('/', (c) =>
    c.redirect(`${localizedHref('es', 'disableNotifications')}?${new URL(c.req.url).searchParams.toString()}`, 302),
  )
