/**
 * WebVTT transcripts of a few demo units, in both languages: for the clip `es-breathing-1.mp3`,
 * `es-breathing-1.es.vtt` and `es-breathing-1.en.vtt` in seed/media/, stored next to the audio
 * in R2 (the key convention of features/media/types.ts `transcriptKey`). Written from
 * seed/audio-scripts.json by `node scripts/make-seed-transcripts.mjs` (keep its list equal to
 * this one; test/playback/seed.test.ts checks the files exist).
 */

import { languages } from './types'

/** The first units of 'understand-emotions' and 'breathing-for-anxiety'. */
export const transcribedClips = [
  'welcome-1',
  'emotions-1',
  'emotions-2',
  'breathing-1',
  'breathing-4',
  'breathing-3',
] as const

/** Every transcript file of seed/media/. */
export const transcriptFiles: string[] = languages.flatMap((audio) =>
  transcribedClips.flatMap((clip) => languages.map((track) => `${audio}-${clip}.${track}.vtt`)),
)
