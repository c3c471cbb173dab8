import type { Language, SeedCategory } from './types'

// ---------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------

export const routeCategories: SeedCategory[] = [
  { key: 'calm', language: 'es', slug: 'ansiedad-y-calma', title: 'Ansiedad y calma' },
  { key: 'sleep', language: 'es', slug: 'dormir-mejor', title: 'Dormir mejor' },
  { key: 'emotions', language: 'es', slug: 'emociones', title: 'Emociones' },
  { key: 'thoughts', language: 'es', slug: 'pensamientos', title: 'Pensamientos' },
  { key: 'calm', language: 'en', slug: 'anxiety-and-calm', title: 'Anxiety and calm' },
  { key: 'sleep', language: 'en', slug: 'better-sleep', title: 'Better sleep' },
  { key: 'emotions', language: 'en', slug: 'emotions', title: 'Emotions' },
  { key: 'thoughts', language: 'en', slug: 'thoughts', title: 'Thoughts' },
]

export const postCategories: SeedCategory[] = [
  { key: 'guides', language: 'es', slug: 'guias-practicas', title: 'Guías prácticas' },
  { key: 'sleep', language: 'es', slug: 'sueno', title: 'Sueño' },
  { key: 'anxiety', language: 'es', slug: 'ansiedad', title: 'Ansiedad' },
  { key: 'wellbeing', language: 'es', slug: 'bienestar-emocional', title: 'Bienestar emocional' },
  { key: 'guides', language: 'en', slug: 'practical-guides', title: 'Practical guides' },
  { key: 'sleep', language: 'en', slug: 'sleep', title: 'Sleep' },
  { key: 'anxiety', language: 'en', slug: 'anxiety', title: 'Anxiety' },
  { key: 'wellbeing', language: 'en', slug: 'emotional-wellbeing', title: 'Emotional wellbeing' },
]

export function categorySlug(list: SeedCategory[], key: string, language: Language): string {
  const found = list.find((c) => c.key === key && c.language === language)
  if (!found) throw new Error(`Unknown category ${key} (${language})`)
  return found.slug
}
