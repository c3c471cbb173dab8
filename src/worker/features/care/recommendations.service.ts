// Routes a psychologist recommends after a session (issue 44 §3): who may, what they may name,
// how the person hears of it, what the person reads. docs/API.md "Care between sessions";
// decision 068.
import type { RecommendationDto, RecommendForm } from '#shared/contract/care'
import { AppointmentStatus, ContentStatus, Role } from '#shared/enums'
import { createTranslator, type Locale } from '#shared/i18n/index'
import { messagesFor } from '#shared/i18n/messages'
import { servedImages } from '#shared/media'
import type { Ctx } from '#worker/context'
import { AppError } from '#worker/http/errors'
import { me } from '#worker/identity/caller'
import { personal } from '#worker/http/person-cache'
import { noticeToOne } from '#worker/features/notifications/notifications.service'
import * as repo from './recommendations.repo'

/**
 * POST /v1/appointment/recommend. Refusals, in order: no such session, or the caller is not its
 * psychologist, or no longer one (403 alike: another psychologist, an admin, a host who left or
 * lost the role); the session is not closed as attended (409); a route that is not published or
 * not in the person's language (422 on `route_ids`).
 */
export async function recommend(ctx: Ctx, f: RecommendForm, now = new Date()) {
  const caller = me(ctx)
  const session = await repo.sessionFacts(ctx.db, f.id)
  // A session that is not there is refused as another's is: nobody learns which ids exist.
  if (!session || session.hostId !== caller.id || (caller.role !== Role.psychologist && caller.role !== Role.admin))
    throw new AppError('unauthorized')
  if (session.status !== AppointmentStatus.attended)
    throw new AppError('conflict', { message: 'care.errors.not_attended' })
  const found = await repo.routesToRecommend(ctx.db, f.route_ids)
  const t = createTranslator(ctx.locale, messagesFor(ctx.locale))
  const open = (id: number) =>
    found.find((r) => r.id === id && r.status === ContentStatus.visible && r.isActive) ?? null
  if (f.route_ids.some((id) => !open(id)))
    throw new AppError('validation', { fields: { route_ids: [t('care.errors.route_unknown')] } })
  if (f.route_ids.some((id) => open(id)!.language !== session.guestLanguage))
    throw new AppError('validation', {
      fields: {
        route_ids: [t('care.errors.route_language', { language: t(`care.languages.${session.guestLanguage}`) })],
      },
    })
  const note = f.note ?? ''
  const saved = await repo.saveRecommendation(ctx.db, {
    appointmentId: session.id,
    hostId: caller.id,
    userId: session.guestId,
    routeIds: f.route_ids,
    note,
    now,
  })
  if (saved.created) await tellPerson(ctx, session.guestId, caller.id, now)
  return {
    recommendation: { id: saved.id, appointment_id: session.id, route_ids: f.route_ids, note },
    created: saved.created,
  }
}

/**
 * The person hears of it once, on each channel they chose, through the notice path every other
 * notice takes (the minute job): in-app, mail, and a push that quiet hours hold until the
 * morning. The words name neither the routes nor the note (a lock screen, a shared inbox): the page
 * shows those to the person signed in.
 */
async function tellPerson(ctx: Ctx, userId: number, hostId: number, now: Date) {
  const words = (l: Locale) => {
    const t = createTranslator(l, messagesFor(l))
    return { title: t('care.notice.title'), description: t('care.notice.description') }
  }
  await noticeToOne(ctx, userId, { es: words('es'), en: words('en') }, hostId, now.getTime())
}

/** GET /v1/my/recommendations: the caller's own, newest first, each route with their progress. */
export async function mine(ctx: Ctx): Promise<{ recommendations: RecommendationDto[] }> {
  const userId = me(ctx).id
  // Kept between the person's requests (http/person-cache.ts): a warm /journey reads no D1. A
  // psychologist's recommendation bumps the people epoch, the person's own progress their `dv`.
  const {
    list,
    cards,
    hosts: hostRows,
  } = await personal(ctx, 'recommendations', null, () => repo.personsRecommendations(ctx.db, userId))
  const hosts = new Map(hostRows)
  const card = new Map(cards.map((c) => [c.id, c]))
  return {
    recommendations: list.map((r) => ({
      id: r.id,
      appointment_id: r.appointmentId,
      host: r.hostId !== null && hosts.has(r.hostId) ? { id: r.hostId, name: hosts.get(r.hostId)! } : null,
      note: r.note,
      // A route hidden since is left out: the person could not open it.
      routes: r.routeIds.flatMap((id) => {
        const c = card.get(id)
        if (!c) return []
        return [
          {
            id: c.id,
            slug: c.slug,
            title: c.title,
            description: c.description,
            images: servedImages(c.images ? (JSON.parse(c.images) as Record<string, string>) : null) ?? {},
            progress: c.total ? Math.floor((100 * c.done) / c.total) : 0,
          },
        ]
      }),
      created_at: r.createdAt.toISOString(),
    })),
  }
}
