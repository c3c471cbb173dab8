import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '#worker/db/client'
import { run } from '#worker/db/query'
import * as ledger from '#worker/ledger/ledger'
import {
  subscriptions,
  planAssignments,
  planRoutes,
  plans,
  postCategories,
  postRoutes,
  posts,
  psychologistAvailability,
  routeCategories,
  routes,
  routeSymptoms,
  symptoms,
  units,
  users,
  activityDays,
  userEngagement,
  files,
} from '#worker/db/schema'
import { closeRankingDayOn } from '#worker/features/ranking/ranking.days'
import * as audioData from './data/audio'
import * as categoryData from './data/categories'
import * as planData from './data/plans'
import * as postData from './data/posts'
import * as routeData from './data/routes'
import * as symptomData from './data/symptoms'
import * as transcriptData from './data/transcripts'
import * as typeData from './data/types'
import * as userData from './data/users'
import { rewards as rewardsTable } from '#worker/db/schema'
import { catalogRows } from '#worker/features/engagement/rewards.catalog'
import { HTML_POLICY_VERSION } from '#worker/lib/html'

/** The demo content (data only, no database code), one file per domain under ./data/. */
const content = {
  ...typeData,
  ...audioData,
  ...transcriptData,
  ...categoryData,
  ...symptomData,
  ...routeData,
  ...postData,
  ...planData,
  ...userData,
}

export interface SeedOptions {
  /** Hashes demo passwords (features/users/password.ts); injected so Node and workerd can both seed. */
  hashPassword: (password: string) => Promise<string>
  /** Stores one unit's audio (or transcript) in R2 and answers its size in bytes; omitted where media does not matter (most worker tests). */
  putMedia?: (key: string, file: string) => Promise<number>
  /** Stores a drawn cover picture (scripts/lib/covers.ts) under `key` in R2; without it routes, posts and plans keep no cover. */
  putCover?: (key: string, variant: number) => Promise<void>
  /** Seed only this much content (tests); everything when omitted. `activity`: the demo community's weeks of practice. */
  only?: { routes?: boolean; posts?: boolean; plans?: boolean; users?: boolean; activity?: boolean }
  log?: (line: string) => void
}

export interface SeedReport {
  routes: number
  units: number
  posts: number
  symptoms: number
  plans: number
  users: number
  media: number
}

const WORDS_PER_MINUTE = 200 // SPEC §9 reading speed
export const mediaKey = (file: string) => `units/${file}`
const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number)
  return h! * 60 + m!
}

/**
 * Demo content in both languages, demo users per role, psychologists with availability.
 * Idempotent: rows are keyed by (slug, language) or email and skipped when present, and a
 * route's units, symptoms and a plan's routes are only written when the route or plan is new.
 */
export async function seed(db: Db, opts: SeedOptions): Promise<SeedReport> {
  const only = opts.only ?? { routes: true, posts: true, plans: true, users: true, activity: true }
  const log = opts.log ?? (() => {})
  const report: SeedReport = { routes: 0, units: 0, posts: 0, symptoms: 0, plans: 0, users: 0, media: 0 }

  // The rewards of SPEC §9 (issue 11; features/engagement/rewards.catalog.ts): keyed by (key, level), never twice.
  const rewardRows = catalogRows().map((r) => ({
    key: r.key,
    typeTitle: r.type_title,
    typeDescription: r.type_description,
    description: r.description,
    criteria: { metric: r.key, gte: r.threshold },
    levelId: r.level_id,
    levelTitle: r.level_title,
    category: r.category,
    threshold: r.threshold,
  }))
  for (let i = 0; i < rewardRows.length; i += 8)
    await db
      .insert(rewardsTable)
      .values(rewardRows.slice(i, i + 8))
      .onConflictDoNothing() // D1: at most 100 bound values a statement

  // Categories and symptoms
  await db
    .insert(routeCategories)
    .values(content.routeCategories.map(({ language, slug, title }) => ({ language, slug, title })))
    .onConflictDoNothing()
  await db
    .insert(postCategories)
    .values(content.postCategories.map(({ language, slug, title }) => ({ language, slug, title })))
    .onConflictDoNothing()
  const insertedSymptoms = await db
    .insert(symptoms)
    .values(
      content.symptoms.map((s) => ({
        language: s.language,
        slug: s.slug,
        title: s.title,
        seoTitle: s.seo_title,
        seoDescription: s.seo_description,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: symptoms.id })
  report.symptoms = insertedSymptoms.length

  const [routeCats, postCats, symptomRows] = await Promise.all([
    db.select().from(routeCategories),
    db.select().from(postCategories),
    db.select({ id: symptoms.id, slug: symptoms.slug, language: symptoms.language }).from(symptoms),
  ])
  const catId = (list: { id: number; slug: string; language: string }[], slug: string, language: string) =>
    list.find((c) => c.slug === slug && c.language === language)?.id ?? null
  const symptomId = (key: string, language: string) => {
    const s = content.symptoms.find((x) => x.key === key && x.language === language)
    return s ? symptomRows.find((r) => r.slug === s.slug && r.language === language)?.id : undefined
  }

  // Routes with their units and symptoms
  if (only.routes !== false) {
    for (const r of content.routes) {
      const [created] = await db
        .insert(routes)
        .values({
          language: r.language,
          slug: r.slug,
          title: r.title,
          description: r.description,
          seoTitle: r.seo_title,
          seoDescription: r.seo_description,
          tag: r.tag,
          categoryId: catId(routeCats, r.category, r.language),
          order: r.order,
          needsAppointment: !!r.needs_appointment,
        })
        .onConflictDoNothing()
        .returning({ id: routes.id })
      if (!created) continue
      report.routes++
      const symptomLinks = r.symptoms
        .map((key, i) => ({ symptomId: symptomId(key, r.language), isPrimary: i === 0 }))
        .filter((x): x is { symptomId: number; isPrimary: boolean } => x.symptomId !== undefined)
      await db.batch([
        db.insert(units).values(
          r.units.map((u, i) => ({
            routeId: created.id,
            order: i + 1,
            title: u.title,
            description: u.description,
            kind: 'audio' as const,
            mediaKey: mediaKey(u.audio),
            durationSeconds: u.duration_seconds,
          })),
        ),
        ...(symptomLinks.length
          ? [
              db
                .insert(routeSymptoms)
                .values(symptomLinks.map((l) => ({ routeId: created.id, ...l })))
                .onConflictDoNothing(),
            ]
          : []),
      ])
      report.units += r.units.length
    }
  }

  // A state seeded before the units had their real length (issue 24 §5) gets it; idempotent.
  if (only.routes !== false) {
    const lengths = new Map(
      content.routes.flatMap((r) => r.units.map((u) => [mediaKey(u.audio), u.duration_seconds] as const)),
    )
    const stale = (
      await db
        .select({ key: units.mediaKey, seconds: units.durationSeconds })
        .from(units)
        .where(inArray(units.mediaKey, [...lengths.keys()]))
    ).filter((u) => u.key && lengths.get(u.key) !== u.seconds)
    for (const key of new Set(stale.map((u) => u.key!)))
      await db
        .update(units)
        .set({ durationSeconds: lengths.get(key)! })
        .where(eq(units.mediaKey, key))
  }

  // Media: every file any unit plays, stored once in R2, and the transcripts next to them
  if (opts.putMedia) {
    for (const file of [...content.unitAudioFiles, ...content.transcriptFiles, ...content.postMediaFiles]) {
      const size = await opts.putMedia(mediaKey(file), file)
      report.media++
      // The audio is a file the admin's files screen lists (SPEC §3 File); transcripts are no kind of File.
      const video = file.endsWith('.mp4')
      if (video || file.endsWith('.mp3'))
        await db
          .insert(files)
          .values({
            title: file,
            type: video ? 'video' : 'audio',
            tag: video ? 'video' : 'audio',
            size,
            r2Key: mediaKey(file),
            contentType: video ? 'video/mp4' : 'audio/mpeg',
          })
          .onConflictDoUpdate({ target: files.r2Key, set: { size } })
    }
  }

  const routeRows = await db.select({ id: routes.id, slug: routes.slug, language: routes.language }).from(routes)
  const routeIdByKey = (key: string, language: string) => {
    const r = content.routes.find((x) => x.key === key && x.language === language)
    return r ? routeRows.find((x) => x.slug === r.slug && x.language === language)?.id : undefined
  }

  // Posts and their related routes
  if (only.posts !== false) {
    for (const p of content.posts) {
      const words = p.content
        .replace(/<[^>]+>/g, ' ')
        .split(/\s+/)
        .filter(Boolean).length
      const [created] = await db
        .insert(posts)
        .values({
          language: p.language,
          slug: p.slug,
          title: p.title,
          description: p.description,
          content: p.content,
          // Already what the allowlist keeps (test/security/html.test.ts proves it for every seeded body).
          htmlVersion: HTML_POLICY_VERSION,
          tag: p.tag,
          tags: p.tags,
          categoryId: catId(postCats, p.category, p.language),
          author: p.author,
          timeForReading: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
          publishedAt: new Date(p.published_at),
          audios: p.audios ?? null,
          videos: p.videos ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: posts.id })
      if (!created) continue
      report.posts++
      const related = p.related_route_keys
        .map((k) => routeIdByKey(k, p.language))
        .filter((x): x is number => x !== undefined)
      if (related.length)
        await db
          .insert(postRoutes)
          .values(related.map((routeId) => ({ postId: created.id, routeId })))
          .onConflictDoNothing()
    }
  }

  // Plans with ordered routes and their lock settings
  if (only.plans !== false) {
    for (const p of content.plans) {
      const [created] = await db
        .insert(plans)
        .values({
          language: p.language,
          slug: p.slug,
          title: p.title,
          description: p.description,
          visibility: p.visibility,
          category: p.key.includes('insomnia') ? 'insomnia' : 'anxiety',
        })
        .onConflictDoNothing()
        .returning({ id: plans.id })
      if (!created) continue
      report.plans++
      const rows = p.routes
        .map((pr, i) => ({ pr, i, routeId: routeIdByKey(pr.route, p.language) }))
        .filter((x): x is typeof x & { routeId: number } => x.routeId !== undefined)
        .map(({ pr, i, routeId }) => ({
          planId: created.id,
          routeId,
          order: i + 1,
          waitingTimeHours: pr.waiting_time_hours ?? 0,
          needAppointment: !!pr.need_appointment,
          needFinishedAppointment: !!pr.need_finished_appointment,
        }))
      if (rows.length) await db.insert(planRoutes).values(rows).onConflictDoNothing()
    }
  }

  // Demo users, one per role, and the psychologists with their weekly availability
  if (only.users !== false) {
    const farFuture = new Date('2099-12-31T00:00:00Z') // demo accounts never reach the expired page
    const planRows = await db.select({ id: plans.id, slug: plans.slug, language: plans.language }).from(plans)
    const planIdByKey = (key: string, language: string) => {
      const p = content.plans.find((x) => x.key === key && x.language === language)
      return p ? planRows.find((x) => x.slug === p.slug && x.language === language)?.id : undefined
    }
    const hash = await opts.hashPassword(content.DEMO_PASSWORD)
    // Psychologists first: psico1 is also listed as the role's demo user, and the
    // psychologist row is the one that carries the profile and availability.
    for (const p of content.psychologists) {
      const [created] = await db
        .insert(users)
        .values({
          email: p.email,
          name: p.name,
          passwordHash: hash,
          role: 2,
          language: p.language,
          countryCode: p.country_code,
          phone: p.phone,
          timezone: p.timezone,
          freeAccessUntil: farFuture,
          legalAgeConfirmedAt: new Date(),
          psychologistOpenToGetAppointment: true,
          specialistInSymptoms: p.specialist_in_symptoms,
          specializedInTheCategory: p.specialized_in_the_category,
          speaksIn: p.speaks_in,
          nationality: p.nationality,
          locatedAt: p.located_at,
          degree: p.degree,
        })
        .onConflictDoNothing()
        .returning({ id: users.id })
      if (!created) continue
      report.users++
      await db.insert(psychologistAvailability).values(
        p.availability.map((a) => ({
          hostId: created.id,
          weekday: a.weekday,
          startMinute: minutes(a.start),
          endMinute: minutes(a.end),
          slotMinutes: a.slot_minutes,
          timezone: p.timezone,
        })),
      )
    }
    for (const u of content.demoUsers) {
      const [created] = await db
        .insert(users)
        .values({
          email: u.email,
          name: u.name,
          passwordHash: u.password === content.DEMO_PASSWORD ? hash : await opts.hashPassword(u.password),
          role: u.role,
          subscriber: u.subscriber,
          language: u.language,
          countryCode: u.country_code,
          phone: u.phone,
          timezone: u.timezone,
          freeAccessUntil: farFuture,
          legalAgeConfirmedAt: new Date(),
          isAEmailReader: true,
        })
        .onConflictDoNothing()
        .returning({ id: users.id })
      if (!created) continue
      report.users++
      const writes = []
      if (u.credits)
        await run(db, ledger.seedStmt({ userId: created.id, cents: u.credits * 100, email: u.email, at: Date.now() }))
      // A subscriber has the subscription that makes them one (the flag follows it: features/payments).
      if (u.subscriber) {
        const start = new Date()
        const end = new Date(Date.UTC(start.getUTCFullYear() + 1, start.getUTCMonth(), start.getUTCDate()))
        writes.push(
          db
            .insert(subscriptions)
            .values({
              userId: created.id,
              title: 'Calma yearly',
              type: 1,
              status: 1,
              interval: 'year',
              item: 'yearly',
              stripeSubscriptionId: `sub_local_seed_${created.id}`,
              periodStartAt: start,
              endAt: end,
            })
            .onConflictDoNothing(),
        )
      }
      const planIds = (u.assigned_plan_keys ?? [])
        .map((k) => planIdByKey(k, u.language))
        .filter((x): x is number => x !== undefined)
      if (planIds.length)
        writes.push(
          db
            .insert(planAssignments)
            .values(planIds.map((planId) => ({ planId, userId: created.id })))
            .onConflictDoNothing(),
        )
      if (writes.length) await db.batch(writes as [(typeof writes)[number], ...typeof writes])
    }
  }
  // Covers (issue 24 §5): a drawn picture for every demo route (one per route, both languages),
  // post and plan, given only to rows without one, so an editor's own cover is never replaced.
  if (opts.putCover) {
    const routeKeys = [...new Set(content.routes.map((r) => r.key))]
    for (const [i, key] of routeKeys.entries()) {
      const cover = `covers/route-${key}.png`
      await opts.putCover(cover, i)
      for (const r of content.routes.filter((x) => x.key === key)) {
        await db
          .update(routes)
          .set({ images: { cover } })
          .where(and(eq(routes.slug, r.slug), eq(routes.language, r.language), isNull(routes.images)))
      }
    }
    for (const [i, p] of content.posts.entries()) {
      const cover = `covers/post-${p.language}-${p.slug}.png`
      await opts.putCover(cover, i + 3)
      await db
        .update(posts)
        .set({ images: { cover } })
        .where(and(eq(posts.slug, p.slug), eq(posts.language, p.language), isNull(posts.images)))
    }
    for (const [i, p] of content.plans.entries()) {
      const cover = `covers/plan-${p.language}-${p.slug}.png`
      await opts.putCover(cover, i + 1)
      await db
        .update(plans)
        .set({ images: { cover } })
        .where(and(eq(plans.slug, p.slug), eq(plans.language, p.language), isNull(plans.images)))
    }
  }

  if (only.activity && only.users !== false)
    report.users += await seedActivity(db, await opts.hashPassword(content.DEMO_PASSWORD), Date.now())

  log(`seeded ${JSON.stringify(report)}`)
  return report
}

/** 'YYYY-MM-DD' of `days` before the UTC day of `now`. */
const dayBefore = (now: number, days: number) => new Date(now - days * 86_400_000).toISOString().slice(0, 10)

/**
 * Weeks of practice for the demo (issue 24 §5), so the ranking, streaks and rewards have life:
 * the demo community (content.communityPeople) and the demo patients (content.demoPractice)
 * practised on some of the last weeks' days, each by their own pattern, up to yesterday;
 * yesterday's ranking (and the day before's, for the arrows) is closed. The demo patients'
 * streak runs up to yesterday, so today is theirs to keep, and the rewards it reached wait on
 * /rewards to be claimed. Idempotent and moving with the calendar: days are written once, a
 * streak is only set when its stored last day is older (a person's own practice is kept), and
 * the two ranking days are rebuilt. Answers how many community people were new.
 */
async function seedActivity(db: Db, hash: string, now: number): Promise<number> {
  let created = 0
  for (const p of content.communityPeople) {
    const [row] = await db
      .insert(users)
      .values({
        email: p.email,
        name: p.name,
        passwordHash: hash,
        role: 1,
        language: p.language,
        countryCode: p.country_code,
        timezone: p.timezone,
        freeAccessUntil: new Date('2099-12-31T00:00:00Z'),
        legalAgeConfirmedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: users.id })
    if (row) created++
  }
  const practice = [...content.communityPeople, ...content.demoPractice]
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        practice.map((p) => p.email),
      ),
    )
  for (const person of people) {
    // pattern[i]: practised i+1 days ago ('x') or not ('.'); yesterday first.
    const pattern = practice.find((p) => p.email === person.email)!.practice
    const days = [...pattern].flatMap((c, i) => (c === 'x' ? [dayBefore(now, i + 1)] : []))
    for (let i = 0; i < days.length; i += 25)
      await db
        .insert(activityDays)
        .values(days.slice(i, i + 25).map((day) => ({ userId: person.id, day, points: 10 })))
        .onConflictDoNothing()
    const runs = pattern.split('.').map((r) => r.length)
    const current = pattern.startsWith('x') ? runs[0]! : 0
    const state = {
      lastDay: days[0] ?? null,
      currentStreak: current,
      longestStreak: Math.max(...runs),
      freezes: Math.min(2, Math.floor(current / 7)),
      updatedAt: new Date(now),
    }
    await db
      .insert(userEngagement)
      .values({ userId: person.id, ...state })
      .onConflictDoUpdate({
        target: userEngagement.userId,
        set: state,
        setWhere: sql`${userEngagement.lastDay} IS NULL OR ${userEngagement.lastDay} < ${state.lastDay}`,
      })
  }
  // Yesterday's ranking, after the day before's, closed by the nightly job's own function (it ranks
  // the running points totals the practice above added to; re-running a day rebuilds it).
  await closeRankingDayOn(db, new Date(`${dayBefore(now, 2)}T23:59:00Z`))
  await closeRankingDayOn(db, new Date(`${dayBefore(now, 1)}T23:59:00Z`))
  return created
}

// Re-exported for tests that look up seeded rows by what they are.
export { content, and, eq, inArray }
