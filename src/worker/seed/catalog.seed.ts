// The catalogue the content hangs on (SPEC §9): the rewards, route and post categories, and
// symptoms, keyed so that a second run writes nothing; and the ids they were given, for the
// routes and posts that name them by slug or key.
import type { Db } from '#worker/db/client'
import { postCategories, rewards as rewardsTable, routeCategories, symptoms } from '#worker/db/schema'
import { catalogRows } from '#worker/features/engagement/rewards.catalog'
import { content, type SeedReport } from './content'

export async function seedCatalog(db: Db, report: SeedReport) {
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
}

/** The catalogue's ids as stored: a category by (slug, language), a symptom by its demo key. */
export async function catalogIds(db: Db) {
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
  return {
    routeCategoryId: (slug: string, language: string) => catId(routeCats, slug, language),
    postCategoryId: (slug: string, language: string) => catId(postCats, slug, language),
    symptomId,
  }
}
