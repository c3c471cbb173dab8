import { clips, unitSeconds } from './audio'
import { categorySlug, routeCategories } from './categories'
import { routeDefs1 } from './routes-1'
import { routeDefs2 } from './routes-2'
import { languages, type Language, type SeedRoute, type SeedUnit, type UnitDef } from './types'

// ---------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------

/** Every route definition, in display order. */
const routeDefs = [...routeDefs1, ...routeDefs2]

function buildUnit(def: UnitDef, language: Language): SeedUnit {
  const clip = typeof def === 'string' ? def : def.clip
  const override = typeof def === 'string' ? undefined : def[language]
  const base = clips[clip][language]
  const audio = `${language}-${clip}.mp3`
  return {
    title: override?.title ?? base.title,
    description: override?.description ?? base.description,
    audio,
    duration_seconds: unitSeconds(audio),
  }
}

export const routes: SeedRoute[] = languages.flatMap((language) =>
  routeDefs.map((def, index): SeedRoute => {
    const text = def[language]
    return {
      key: def.key,
      language,
      slug: text.slug,
      title: text.title,
      description: text.description,
      seo_title: text.seo_title,
      seo_description: text.seo_description,
      tag: text.tag,
      category: categorySlug(routeCategories, def.category, language),
      symptoms: [...def.symptoms],
      order: index + 1,
      ...(def.needs_appointment ? { needs_appointment: true } : {}),
      units: def.units.map((unit) => buildUnit(unit, language)),
    }
  }),
)

/** Every audio file referenced by a unit (each exists in seed/media/). */
export const unitAudioFiles: string[] = [...new Set(routes.flatMap((r) => r.units.map((u) => u.audio)))].sort()
