// The demo routes (SPEC §3 "Route", "Unit"): each new route with its units and symptoms, the
// units' real lengths for a state seeded before them, and their media in R2.
import { eq, inArray, max } from 'drizzle-orm'
import type { Db } from '#worker/db/client'
import { files, routeSymptoms, routes, units } from '#worker/db/schema'
import type { catalogIds } from './catalog.seed'
import { content, insertNew, mediaKey, type IdOf, type SeedReport } from './content'

type CatalogIds = Awaited<ReturnType<typeof catalogIds>>

/** Routes with their units and symptoms; a route already there is left as it is. */
export async function seedRoutes(db: Db, report: SeedReport, { routeCategoryId, symptomId }: CatalogIds) {
  for (const r of content.routes) {
    const routeId = await insertNew(db, routes, {
      language: r.language,
      slug: r.slug,
      title: r.title,
      description: r.description,
      seoTitle: r.seo_title,
      seoDescription: r.seo_description,
      tag: r.tag,
      categoryId: routeCategoryId(r.category, r.language),
      order: r.order,
      needsAppointment: !!r.needs_appointment,
    })
    if (!routeId) continue
    report.routes++
    const symptomLinks = r.symptoms
      .map((key, i) => ({ symptomId: symptomId(key, r.language), isPrimary: i === 0 }))
      .filter((x): x is { symptomId: number; isPrimary: boolean } => x.symptomId !== undefined)
    await db.batch([
      db.insert(units).values(
        r.units.map((u, i) => ({
          routeId,
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
              .values(symptomLinks.map((l) => ({ routeId, ...l })))
              .onConflictDoNothing(),
          ]
        : []),
    ])
    report.units += r.units.length
  }
}

/**
 * A route seeded before the catalogue gave it more units gets the new ones, at their place after
 * its last (issue 42 §6: the kit's fifth audio on a state seeded with four); idempotent. A unit
 * is matched by its order, so a route whose last unit the admin removed gets it back on a seed.
 */
export async function addNewUnits(db: Db, report: SeedReport) {
  const last = await db
    .select({ id: routes.id, slug: routes.slug, language: routes.language, order: max(units.order) })
    .from(routes)
    .innerJoin(units, eq(units.routeId, routes.id))
    .groupBy(routes.id)
  const lastOf = new Map(last.map((r) => [`${r.language}/${r.slug}`, r]))
  for (const r of content.routes) {
    const seeded = lastOf.get(`${r.language}/${r.slug}`)
    if (!seeded) continue
    const added = r.units.map((u, i) => ({ u, order: i + 1 })).filter(({ order }) => order > (seeded.order ?? 0))
    if (!added.length) continue
    await db.insert(units).values(
      added.map(({ u, order }) => ({
        routeId: seeded.id,
        order,
        title: u.title,
        description: u.description,
        kind: 'audio' as const,
        mediaKey: mediaKey(u.audio),
        durationSeconds: u.duration_seconds,
      })),
    )
    report.units += added.length
  }
}

/** A state seeded before the units had their real length (issue 24 §5) gets it; idempotent. */
export async function fixUnitLengths(db: Db) {
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

/** Media: every file any unit plays, stored once in R2, and the transcripts next to them. */
export async function seedMedia(db: Db, report: SeedReport, putMedia: (key: string, file: string) => Promise<number>) {
  for (const file of [...content.unitAudioFiles, ...content.transcriptFiles, ...content.postMediaFiles]) {
    const size = await putMedia(mediaKey(file), file)
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

/** A demo route's id by its key and language. */
export async function routeIds(db: Db): Promise<IdOf> {
  const routeRows = await db.select({ id: routes.id, slug: routes.slug, language: routes.language }).from(routes)
  const routeIdByKey = (key: string, language: string) => {
    const r = content.routes.find((x) => x.key === key && x.language === language)
    return r ? routeRows.find((x) => x.slug === r.slug && x.language === language)?.id : undefined
  }
  return routeIdByKey
}
