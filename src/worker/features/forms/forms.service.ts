// The public forms (issue 8 §3; SPEC §2, §3, §5, §7 "Common", §9), with no HTTP in them
// (CONVENTIONS 6). Each request is stored, then mailed to the team's inbox (TEAM_INBOX); a mail
// that cannot be queued is logged and never fails the request, which is already stored.
// The captcha was checked before (http/captcha.ts). docs/API.md "Forms (issue 8 §3)".
import { parsePhoneNumberFromString } from 'libphonenumber-js'
import { ContentStatus } from '#shared/enums'
import type { ContactRequest, FeedbackRequest, SuggestionRequest } from '#shared/contract/forms'
import type { LetstalkRequest } from '#shared/contract/forms.phone'
import { createTranslator, DEFAULT_LOCALE, isLocale, type Locale } from '#shared/i18n/index'
import { messagesFor } from '#shared/i18n/messages'
import { COOLDOWNS_MS } from '#shared/limits'
import type { Ctx } from '#worker/context'
import type { Route } from '#worker/db/schema'
import { AppError } from '#worker/http/errors'
import { clearCooldown, takeCooldown } from '#worker/http/ratelimit'
import { ftsQuery } from '#worker/search/search'
import { sendMail } from '#worker/mail/send'
import type { FormKind, TeamRequestMail } from '#worker/mail/templates/forms'
import * as repo from './forms.repo'
import { localizedHref } from '#client/app/pages.ts'

/** The team reads one language: the product's default (SPEC §9); each mail names the person's. */
const TEAM_LOCALE: Locale = DEFAULT_LOCALE

function linkTo(ctx: Ctx, path: string, query?: Record<string, string>) {
  const q = query ? `?${new URLSearchParams(query)}` : ''
  return `${ctx.linkBase}${path}${q}`
}

/** Mail one stored request to the team. Never throws: the request is stored already. */
async function tellTeam(
  ctx: Ctx,
  kind: FormKind,
  id: number,
  fields: TeamRequestMail['fields'],
  action: TeamRequestMail['action'],
  name: string | null = null,
) {
  try {
    if (!ctx.env.TEAM_INBOX) throw new Error('TEAM_INBOX is not set')
    await sendMail(
      ctx.env,
      {
        to: ctx.env.TEAM_INBOX,
        template: 'team_request',
        locale: TEAM_LOCALE,
        data: { name, kind, id, fields, language: ctx.locale, userId: ctx.user?.id ?? null, action },
      },
      ctx.waitUntil,
    )
  } catch (err) {
    console.warn(`team mail for ${kind} ${id} not queued:`, err instanceof Error ? err.message : err)
  }
}

const reply = (email: string) => ({ kind: 'reply' as const, href: `mailto:${email}` })

// ── Contact ──────────────────────────────────────────────────────────────────────────────────

/**
 * POST /v1/contact. Once an hour per email address (SPEC §5, §9), taken atomically in D1 before
 * anything is stored: of any number of concurrent requests exactly one passes (ratelimit.ts).
 */
export async function sendContact(ctx: Ctx, input: ContactRequest): Promise<number> {
  const key = `contact:${input.email}`
  const cd = await takeCooldown(ctx.db, key, COOLDOWNS_MS.contact)
  if (!cd.ok)
    throw new AppError('rate_limited', {
      message: 'errors.contact_cooldown',
      extra: { retry_at: new Date(cd.retryAt).toISOString() },
    })
  let id: number
  try {
    id = await repo.insertContact(ctx.db, {
      email: input.email,
      reason: input.reason,
      message: input.description,
      userId: ctx.user?.id ?? null,
      locale: ctx.locale,
    })
  } catch (err) {
    // Nothing was stored: the hour is not spent.
    await clearCooldown(ctx.db, key).catch(() => undefined)
    throw err
  }
  await tellTeam(
    ctx,
    'contact',
    id,
    { email: input.email, reason: input.reason, description: input.description },
    reply(input.email),
  )
  return id
}

// ── Call-back request ───────────────────────────────────────────────────────────────────────

/** E.164 form of a phone the contract already validated. */
const normalizePhone = (phone: string) => parsePhoneNumberFromString(phone)?.number ?? phone

/** POST /v1/letstalk: a 15-minute call in the window chosen, in the person's time zone. */
export async function sendLetstalk(ctx: Ctx, input: LetstalkRequest): Promise<number> {
  const phone = normalizePhone(input.phone)
  const id = await repo.insertCallback(ctx.db, {
    email: input.email,
    name: input.name,
    phone,
    preferredTime: input.preferred_time,
    timezone: input.timezone ?? null,
    userId: ctx.user?.id ?? null,
    locale: ctx.locale,
  })
  await tellTeam(
    ctx,
    'letstalk',
    id,
    { name: input.name, email: input.email, phone, preferred_time: input.preferred_time, timezone: input.timezone },
    { kind: 'call', href: `tel:${phone}` },
    input.name,
  )
  return id
}

// ── Feedback ────────────────────────────────────────────────────────────────────────────────

/** POST /v1/feedback: the 11 answers (SPEC §3 Feedback). */
export async function sendFeedback(ctx: Ctx, input: FeedbackRequest): Promise<number> {
  const id = await repo.insertFeedback(ctx.db, {
    email: input.email,
    usageFrequency: input.usage_frequency,
    problemToSolve: input.problem_to_solve ?? null,
    problemSolved: input.problem_solved ?? null,
    bestPart: input.best_part ?? null,
    frustrations: input.frustrations ?? null,
    improvements: input.improvements ?? null,
    recommendationScore: input.recommendation_score,
    recommendationReason: input.recommendation_reason ?? null,
    ideasOrSuggestions: input.ideas_or_suggestions ?? null,
    priceFeedback: input.price_feedback ?? null,
    userId: ctx.user?.id ?? null,
    locale: ctx.locale,
  })
  const { captcha_token: _c, 'cf-turnstile-response': _t, ...answers } = input
  await tellTeam(ctx, 'feedback', id, answers, reply(input.email))
  return id
}

// ── Route suggestions ───────────────────────────────────────────────────────────────────────

/** POST /v1/suggestion: a route asked for, stored with the search text (`keyword`). */
export async function sendSuggestion(ctx: Ctx, input: SuggestionRequest): Promise<number> {
  const notify = !!input.notify
  const id = await repo.insertSuggestion(ctx.db, {
    email: input.email ?? null,
    userId: ctx.user?.id ?? null,
    // The request itself: the details given, else the topic alone.
    text: input.text ?? input.keyword,
    searchKeyword: input.keyword,
    locale: ctx.locale,
    notify,
  })
  const action = input.email
    ? reply(input.email)
    : { kind: 'search' as const, href: linkTo(ctx, localizedHref(ctx.locale, 'routes'), { keyword: input.keyword }) }
  await tellTeam(
    ctx,
    'suggestion',
    id,
    { keyword: input.keyword, text: input.text, email: input.email, notify },
    action,
  )
  return id
}

type PublishedRoute = Pick<Route, 'id' | 'language' | 'slug' | 'title' | 'status' | 'isPublic' | 'isActive'>

/**
 * A route was saved (created or updated, content/manage.service.ts) or one of its units was
 * (admin.service.ts saveUnit). When it is visible to everyone (visible, public, active) and has
 * at least one visible unit (a route published empty is told about when its first unit is
 * added, docs/API.md "Route published"), every suggestion of its language still waiting to be told
 * whose topic the route search would now answer with this route (the same FTS5 query as
 * `GET /v1/routes?search=<topic>`: every word, the last one also as a prefix, accents and case
 * ignored) is marked told, once, then told by mail and, when the person has an account, by an
 * in-app notification. Returns how many were told. Never throws: the route is saved already.
 */
export async function tellWaitingSuggestions(ctx: Ctx, route: PublishedRoute): Promise<number> {
  if (route.status !== ContentStatus.visible || !route.isPublic || !route.isActive) return 0
  try {
    if (!(await repo.hasVisibleUnit(ctx.db, route.id))) return 0
    const waiting = await repo.waitingSuggestions(ctx.db, route.language)
    const candidates = waiting.flatMap((s) => {
      const match = ftsQuery(s.keyword ?? s.text, false)
      return match ? [{ id: s.id, match }] : []
    })
    if (!candidates.length) return 0
    const matched = await repo.suggestionsMatchingRoute(ctx.db, route.id, candidates)
    if (!matched.length) return 0
    const told = await repo.claimSuggestions(ctx.db, matched, route.id, new Date())
    const accounts = await repo.userIdsByEmail(
      ctx.db,
      told.filter((s) => !s.userId && s.email).map((s) => s.email!),
    )
    const notices: Parameters<typeof repo.insertNotices>[1] = []
    for (const s of told) {
      const locale: Locale = isLocale(s.locale) ? s.locale : route.language
      const keyword = s.searchKeyword ?? s.text
      const path = localizedHref(locale, 'route', { slug: route.slug })
      const userId = s.userId ?? (s.email ? accounts.get(s.email) : undefined)
      if (userId) {
        const t = createTranslator(locale, messagesFor(locale))
        notices.push({
          userId,
          locale,
          level: 'success',
          type: 'route_published',
          title: t('forms.notice.route_title'),
          description: t('forms.notice.route_description', { title: route.title, keyword }),
          content: path,
        })
      }
      if (s.email) {
        try {
          await sendMail(
            ctx.env,
            {
              to: s.email,
              template: 'route_published',
              locale,
              data: { name: null, keyword, title: route.title, link: `${ctx.linkBase}${path}` },
            },
            ctx.waitUntil,
          )
        } catch (err) {
          console.warn(`route mail for suggestion ${s.id} not queued:`, err instanceof Error ? err.message : err)
        }
      }
    }
    await repo.insertNotices(ctx.db, notices)
    return told.length
  } catch (err) {
    console.warn(`suggestions for route ${route.id} not told:`, err instanceof Error ? err.message : err)
    return 0
  }
}
