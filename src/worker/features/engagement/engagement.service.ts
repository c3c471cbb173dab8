// Activity, kind streaks and rewards (issue 11 §1–2; SPEC §3 "Reward", §9). One activity record
// (activity_days) that other features write through `recordActivity`, or inside their own batch
// through `activityStatements` and `rewardStatements` (a save: docs/decisions/073); rewards are
// given the moment their fact happens (`awardRewards`), not by a nightly job. docs/API.md "Engagement".
import { personal } from '#worker/http/person-cache'
import type { RewardDto } from '#shared/contract/rewards'
import { REWARD_CATEGORIES } from '#shared/enums'
import type { Ctx } from '#worker/context'
import type { Db } from '#worker/db/client'
import { AppError } from '#worker/http/errors'
import { addDays, wallClock } from '#worker/lib/zones'
import {
  deliverNotices,
  DEFAULT_CLOSE_AFTER_MS,
  noticesStatement,
  notifyUser,
} from '#worker/features/notifications/notifications.service'
import { sql, type SQL } from 'drizzle-orm'
import { batch, rowsIn, type RunResult } from '#worker/db/query'
import { createTranslator, type Locale, type MessageKey } from '#shared/i18n/index'
import { messagesFor } from '#shared/i18n/messages'
import * as repo from './engagement.repo'
import { catalogRows, REWARD_CATALOG } from './rewards.catalog'
import { GRACE_HOURS, localToday, POINTS_PER_DAY, shownStreak, zoneOf } from './streak'
import { me } from '#worker/identity/caller'

/** The rewards of SPEC §9 are product data: present in every database (seed or not), never twice. */
/**
 * Once complete, the catalogue stays so: an isolate checks it once (a shared part, issue 21 §3).
 * An object so a test can stand for a fresh isolate (`complete = false`).
 */
export const rewardCatalog = { complete: false }
async function ensureCatalog(d1: Db) {
  if (rewardCatalog.complete) return
  if ((await repo.rewardCount(d1)) < catalogRows().length) await repo.seedRewards(d1, catalogRows())
  rewardCatalog.complete = true
}

/**
 * A person did something that counts for their day (a unit completed, or listened to for
 * MIN_LISTEN_SECONDS): count the day on their own clock, move the streak (freezes cover missed
 * days on their own), and give any reward now reached, in ONE batch (the statements playback's
 * save carries inside its own: activityStatements, rewardStatements). Safe to call many times a
 * day. For jobs and tests; a save counts its activity in its own batch.
 */
export async function recordActivity(
  ctx: Pick<Ctx, 'env' | 'db'>,
  user: ActivityPerson,
  at = Date.now(),
  opts: { unitCompleted?: boolean } = {},
) {
  const catalog = catalogStatements()
  const res = await batch(ctx.db, [
    ...catalog,
    ...activityStatements(user, at, sql`1`),
    // A new day (the streak state just moved: changes() of the statement before) can reach a
    // streak or days reward; a unit completed can finish a route.
    ...rewardStatements(user.id, user.language, at, opts.unitCompleted ? sql`1` : sql`changes() > 0`),
    repo.streakNow(user.id),
  ])
  const [, moved, notices, given, now] = res.slice(catalog.length)
  catalogSeeded(catalog)
  await afterRewards(ctx, notices)
  const day = rowsIn(moved, repo.movedStreak)[0]
  return {
    day: day?.last_day ?? null,
    streak: day?.current_streak ?? rowsIn(now, repo.streakRow)[0]?.current_streak ?? 0,
    awarded: rowsIn(given, repo.givenReward).map((r) => r.reward_id),
  }
}

/** Who an activity is of: their clock, their language (the reward notices) and when they arrived. */
export type ActivityPerson = { id: number; timezone?: string | null; language: Locale; createdAt?: Date | null }

/**
 * Count an activity of `user` at `at` as two statements of the caller's batch, run only when
 * `gate` (SQL) holds: the active day and the days a freeze covers, then the streak state
 * (engagement.repo activityWrites). No activity day before the account existed (issue 41 §4;
 * decision 061): `at` is never before the account's creation.
 */
export function activityStatements(user: ActivityPerson, at: number, gate: SQL): SQL[] {
  at = notBeforeAccount(at, user.createdAt)
  const w = wallClock(at, zoneOf(user.timezone))
  const clock = { today: w.date, yesterday: addDays(w.date, -1), grace: w.hour < GRACE_HOURS }
  return repo.activityWrites(user.id, clock, gate, POINTS_PER_DAY, at)
}

/**
 * Give every reward the person's facts reach (once each) and tell them in the app, as two
 * statements of the caller's batch, run when `gate` (SQL) holds: the notices of the rewards
 * reached and not held, then those rewards. Nothing may run between them in the batch. The
 * catalogue must be there: catalogStatements at the batch's start.
 */
export function rewardStatements(userId: number, locale: Locale, at: number, gate: SQL): SQL[] {
  const t = translator(locale)
  const notices = repo.rewardNoticesSelect(
    userId,
    {
      locale,
      title: t('engagement.rewards.earned_title'),
      texts: rewardTexts(locale),
      closeAfter: DEFAULT_CLOSE_AFTER_MS,
      now: Date.now(),
    },
    gate,
  )
  return [noticesStatement(notices), repo.awardWhenNoticed(userId, at)]
}

/**
 * rewardStatements for a person the batch itself names (`userId` as SQL: a session's guest, by the
 * session's id) and whose language it does not know before it runs: the notices are written in the
 * person's language as D1 has it (decision 087: a host's close gives the guest's first-session
 * reward in the close's own batch). Same rules: the catalogue first, nothing between the two.
 */
export function rewardStatementsOf(userId: SQL, at: number, gate: SQL): SQL[] {
  const both = (of: (locale: Locale) => string) => ({ es: of('es'), en: of('en') })
  const notices = repo.rewardNoticesSelect(
    userId,
    {
      locale: repo.languageSql(userId),
      title: repo.inLanguageOf(
        userId,
        both((l) => translator(l)('engagement.rewards.earned_title')),
      ),
      texts: repo.inLanguageOf(
        userId,
        both((l) => JSON.stringify(rewardTexts(l))),
      ),
      closeAfter: DEFAULT_CLOSE_AFTER_MS,
      now: Date.now(),
    },
    gate,
  )
  return [noticesStatement(notices), repo.awardWhenNoticed(userId, at)]
}

/** What a batch with rewardStatements does after it ran: the notices it wrote go to the person's sockets. */
export async function afterRewards(ctx: Pick<Ctx, 'env'>, notices: RunResult | undefined) {
  await deliverNotices(ctx.env, notices)
}

/** The words of each reward's notice in `locale`, by `key:threshold` (the catalogue's rewards). */
const textsByLocale = new Map<Locale, Record<string, string>>()
function rewardTexts(locale: Locale) {
  let texts = textsByLocale.get(locale)
  if (!texts) {
    const t = translator(locale)
    texts = Object.fromEntries(
      REWARD_CATALOG.map((r) => [
        `${r.key}:${r.threshold}`,
        `${t(`engagement.rewards.keys.${r.key}.title`)}: ${rewardText(t, r.key, r.threshold)}`,
      ]),
    )
    textsByLocale.set(locale, texts)
  }
  return texts
}

/** The catalogue's rows as statements for the start of a batch that gives rewards, until an isolate knows it whole. */
export const catalogStatements = (): SQL[] => (rewardCatalog.complete ? [] : repo.seedRewardsStatements(catalogRows()))
/** The batch that carried catalogStatements ran: the catalogue is whole. */
export function catalogSeeded(statements: readonly SQL[]) {
  if (statements.length) rewardCatalog.complete = true
}

/** `at`, or the account's creation when `at` is earlier: a person's days start when they arrived. */
export const notBeforeAccount = (at: number, createdAt: Date | null | undefined) =>
  createdAt ? Math.max(at, createdAt.getTime()) : at

/** Give every reward the person's facts reach (once each), and tell them in the app. */
export async function awardRewards(
  ctx: Pick<Ctx, 'env' | 'db'>,
  userId: number,
  locale: Locale | null,
  at = Date.now(),
) {
  const { db } = ctx
  await ensureCatalog(db)
  return notifyAwarded(ctx, userId, locale, await repo.awardReached(db, userId, await repo.metricsOf(db, userId), at))
}

async function notifyAwarded(
  ctx: Pick<Ctx, 'env' | 'db'>,
  userId: number,
  locale: Locale | null,
  awarded: repo.RewardRow[],
) {
  if (!awarded.length) return awarded
  // The person's own language when the caller is someone else (a psychologist closing a session).
  locale ??= await repo.languageOf(ctx.db, userId)
  const t = translator(locale)
  for (const r of awarded) {
    await notifyUser(ctx, userId, locale, {
      level: 'success',
      type: 'reward',
      title: t('engagement.rewards.earned_title'),
      description: `${t(`engagement.rewards.keys.${r.key}.title`)}: ${rewardText(t, r.key, r.threshold)}`,
    })
  }
  return awarded
}

type T = (key: string, params?: Record<string, unknown>) => string
function translator(locale: Locale): T {
  const t = createTranslator(locale, messagesFor(locale))
  return (key, params) => t(key as MessageKey, params)
}
const rewardText = (t: T, key: string, n: number) =>
  t(`engagement.rewards.keys.${key}.${n === 1 ? 'description_one' : 'description'}`, { count: n })

/** The icon of a level (SPEC §9): white heart 1–7, green 8, pink 9, fire 10. */
export const levelIcon = (level: number) =>
  level >= 10 ? 'fire' : level === 9 ? 'pink_heart' : level === 8 ? 'green_heart' : 'white_heart'

/** GET /v1/rewards: every reward grouped by key and category, what the caller has, and the percent. */
export async function listRewards(ctx: Ctx) {
  const user = me(ctx)
  // ONE round (issue 43 §3, decision 079), also on an isolate's first look: the catalogue's rows
  // (no-ops once there, only until this isolate has seen it whole), then anything the person's
  // facts reach that a path which does not award gave them (an older account, a day a job wrote)
  // with its notice, then the person's rewards, streak and week, seeing those writes.
  const now = Date.now()
  const today = localToday(now, zoneOf(user.row?.timezone))
  const from = addDays(today, -6)
  // Kept between the person's requests (http/person-cache.ts) for the day it was read on; a
  // read that awarded something is not kept (it changed rows: the version moves on).
  const page = await personal(ctx, 'rewards-page', today, async () => {
    const catalog = catalogStatements()
    const res = await batch(ctx.db, [
      ...catalog,
      ...rewardStatements(user.id, ctx.locale, now, sql`1`),
      ...repo.rewardsPageReads(user.id, from, today),
    ])
    catalogSeeded(catalog)
    const [notices, , ...reads] = res.slice(catalog.length)
    return { notices: notices?.results?.length ? notices : null, ...repo.rewardsPageOf(reads) }
  })
  // The notices this look wrote go to the person's sockets (a kept page wrote none).
  if (page.notices) await afterRewards(ctx, page.notices as RunResult)
  const rows = page.rewards
  const t = translator(ctx.locale)
  const dto = (r: repo.UserRewardRow): RewardDto => ({
    id: r.id,
    key: r.key,
    category: r.category,
    criteria: { metric: r.key, gte: r.threshold },
    description: rewardText(t, r.key, r.threshold),
    level: { id: r.level_id, title: t('engagement.rewards.level', { n: r.level_id }), icon: levelIcon(r.level_id) },
    is_acquired: r.acquired_at !== null,
    acquired_at: r.acquired_at ? new Date(r.acquired_at).toISOString() : null,
    is_claimed: r.claimed_at !== null,
  })
  const keys = [...new Set(rows.map((r) => r.key))]
  const types = keys.map((key) => ({
    key,
    category: rows.find((r) => r.key === key)!.category,
    title: t(`engagement.rewards.keys.${key}.title`),
    description: t(`engagement.rewards.keys.${key}.type`),
    rewards: rows.filter((r) => r.key === key).map(dto),
  }))
  types.sort((a, b) => REWARD_CATEGORIES.indexOf(a.category as never) - REWARD_CATEGORIES.indexOf(b.category as never))
  const acquired = rows.filter((r) => r.acquired_at !== null).length
  return {
    rewards: types,
    user_progress: rows.length ? Math.floor((acquired * 100) / rows.length) : 0,
    streak: streakFrom(page.engagement, page.activeDays, today, from),
  }
}

/** GET /v1/rewards/unclaimed: what the caller has earned and not yet claimed. */
export async function unclaimed(ctx: Ctx) {
  const { rewards } = await listRewards(ctx)
  return { rewards: rewards.flatMap((g) => g.rewards.filter((r) => r.is_acquired && !r.is_claimed)) }
}

/**
 * POST /v1/rewards/claim: once per reward, also when called many times at once (only the
 * UPDATE that flips claimed_at from NULL wins). Not earned: 404; claimed already: 409.
 */
export async function claim(ctx: Ctx, rewardId: number) {
  const user = me(ctx)
  // The claim and, for a refusal, its reason in one round (decision 079).
  const { claimed, row } = await repo.claimOrExplain(ctx.db, user.id, rewardId, Date.now())
  if (claimed) return
  if (!row)
    throw new AppError('not_found', {
      message: 'engagement.rewards.not_earned',
      fields: { reward_id: ['engagement.rewards.not_earned'] },
    })
  throw new AppError('conflict', { message: 'engagement.rewards.already_claimed' })
}

/** The streak block of /performance and the rewards page: kind numbers only. */
export async function streakOf(
  { db }: Pick<Ctx, 'db'>,
  user: { id: number; row?: { timezone?: string | null } | null },
  now = Date.now(),
) {
  const today = localToday(now, zoneOf(user.row?.timezone))
  const from = addDays(today, -6)
  const [s, active] = await Promise.all([
    repo.findEngagement(db, user.id),
    repo.activeDaysBetween(db, user.id, from, today),
  ])
  return streakFrom(s, active, today, from)
}

function streakFrom(s: repo.EngagementRow, active: readonly string[], today: string, from: string) {
  const week = Array.from({ length: 7 }, (_, i) => addDays(from, i)).map((day) => ({
    day,
    active: active.includes(day),
  }))
  return {
    current: shownStreak(s, today),
    longest: s.longestStreak,
    freezes: s.freezes,
    last_7_days: active.length,
    week,
    today_done: active.includes(today),
  }
}

/** Leave or rejoin the ranking (ranking.service owns the setting; the flag is on the person's engagement row). */
export const hideFromRanking = (ctx: Pick<Ctx, 'db'>, userId: number, hidden: boolean, now: number) =>
  repo.setRankingHidden(ctx.db, userId, hidden, now)
