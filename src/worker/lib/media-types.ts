// What each kind of media file is, by its R2 key's extension: the Content-Type /media answers
// with (whatever an upload stored), and the media a unit can play. Used by the media route, the
// playback feature, the admin's files and scripts/seed.ts; in lib/ so that none of them imports
// another for it (decision 043).

const TYPES: Readonly<Record<string, string>> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  oga: 'audio/ogg',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  vtt: 'text/vtt; charset=utf-8',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
}

/** Extensions a unit's audio or video may have (its transcripts are named after it, see below). */
export const PLAYABLE_EXTENSIONS = [
  'mp3',
  'm4a',
  'aac',
  'oga',
  'ogg',
  'opus',
  'wav',
  'mp4',
  'm4v',
  'webm',
  'mov',
] as const

const extensionOf = (key: string) => /\.([a-z0-9]{1,5})$/i.exec(key)?.[1]?.toLowerCase() ?? ''

/** The Content-Type of a key we know by its extension, or null (then R2's stored type, else octet-stream). */
export function contentTypeOf(key: string): string | null {
  return TYPES[extensionOf(key)] ?? null
}

/** Pictures (covers, avatars): public and cached long. */
export function isImage(key: string): boolean {
  return (contentTypeOf(key) ?? '').startsWith('image/')
}

/**
 * A unit's WebVTT transcript in `language` sits next to its media: `units/es-sleep-1.mp3` →
 * `units/es-sleep-1.es.vtt` (and `.en.vtt`).
 */
export function transcriptKey(mediaKey: string, language: string): string {
  return `${mediaKey.replace(/\.[a-z0-9]{1,5}$/i, '')}.${language}.vtt`
}

/** The media keys a transcript key may belong to (the reverse of transcriptKey), or [] for any other key. */
export function mediaKeysOfTranscript(key: string): string[] {
  const m = /^(.+)\.(es|en)\.vtt$/.exec(key)
  return m ? PLAYABLE_EXTENSIONS.map((ext) => `${m[1]}.${ext}`) : []
}
