#!/usr/bin/env node
// Writes WebVTT transcripts for a few demo units into seed/media/, in both languages:
// for a clip `<lang>-<clip>.mp3`, `<lang>-<clip>.es.vtt` and `<lang>-<clip>.en.vtt`
// (the key convention of src/worker/features/media/types.ts transcriptKey). The spoken text
// comes from seed/audio-scripts.json (the same text make-seed-audio.mjs gives espeak-ng); the
// other language's track is the same clip's text in that language, cue by cue.
//
//   node scripts/make-seed-transcripts.mjs
//
// Timing: make-seed-audio.mjs pads 0.3 s before and 0.8 s after the speech and puts a 0.55 s
// break after every sentence, and espeak-ng speaks at an even rate; so each sentence gets a
// share of the speaking time proportional to its length. Close enough for captions of a demo.
// The clip's length is read from the mp3 itself (16 kbps CBR, after the ID3v2 tag).

import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const mediaDir = join(root, 'seed', 'media')
const scripts = JSON.parse(readFileSync(join(root, 'seed', 'audio-scripts.json'), 'utf8'))

/** The clips that carry transcripts: the first units of two demo routes (keep equal to src/worker/seed/data/transcripts.ts). */
const TRANSCRIBED_CLIPS = ['welcome-1', 'emotions-1', 'emotions-2', 'breathing-1', 'breathing-4', 'breathing-3']
const LANGUAGES = ['es', 'en']
const LEAD = 0.3
const TAIL = 0.8
const BREAK = 0.55
const BITRATE = 16000 // bits per second (make-seed-audio.mjs: lame -b 16)

function mp3Seconds(file) {
  const bytes = readFileSync(file)
  let skip = 0
  if (bytes.subarray(0, 3).toString('latin1') === 'ID3') {
    skip = 10 + ((bytes[6] & 0x7f) << 21) + ((bytes[7] & 0x7f) << 14) + ((bytes[8] & 0x7f) << 7) + (bytes[9] & 0x7f)
  }
  const tail = bytes.subarray(bytes.length - 128, bytes.length - 125).toString('latin1') === 'TAG' ? 128 : 0
  return ((statSync(file).size - skip - tail) * 8) / BITRATE
}

const sentences = (text) => (text.match(/[^.!?]+[.!?]+|[^.!?]+$/g) ?? [text]).map((s) => s.trim()).filter(Boolean)

const stamp = (t) => {
  const ms = Math.round(t * 1000)
  const m = Math.floor(ms / 60000)
  const s = Math.floor((ms % 60000) / 1000)
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`
}

const escapeCue = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** Start and end of each spoken sentence of `text` in a clip of `seconds`. */
function timings(text, seconds) {
  const parts = sentences(text)
  const speaking = Math.max(1, seconds - LEAD - TAIL - BREAK * (parts.length - 1))
  const weight = parts.map((p) => p.length)
  const sum = weight.reduce((a, b) => a + b, 0)
  let t = LEAD
  return parts.map((p, i) => {
    const start = t
    const end = start + (speaking * weight[i]) / sum
    t = end + BREAK
    return { start, end }
  })
}

/** The other language's sentences laid on the spoken ones (merged or spread when the counts differ). */
function align(spans, text) {
  const parts = sentences(text)
  if (parts.length === spans.length) return parts.map((p, i) => ({ ...spans[i], text: p }))
  const first = spans[0].start
  const last = spans[spans.length - 1].end
  const total = parts.reduce((a, p) => a + p.length, 0)
  let t = first
  return parts.map((p) => {
    const start = t
    t += ((last - first) * p.length) / total
    return { start, end: t, text: p }
  })
}

let written = 0
for (const clip of TRANSCRIBED_CLIPS) {
  for (const audioLang of LANGUAGES) {
    const name = `${audioLang}-${clip}.mp3`
    const spoken = scripts[name]
    if (!spoken) throw new Error(`${name} is not in seed/audio-scripts.json`)
    const seconds = mp3Seconds(join(mediaDir, name))
    const spans = timings(spoken.text, seconds)
    for (const trackLang of LANGUAGES) {
      const text = trackLang === audioLang ? spoken.text : scripts[`${trackLang}-${clip}.mp3`]?.text
      if (!text) throw new Error(`no ${trackLang} text for ${clip}`)
      const cues = align(spans, text)
      const body = cues
        .map((c, i) => `${i + 1}\n${stamp(c.start)} --> ${stamp(c.end)}\n${escapeCue(c.text)}`)
        .join('\n\n')
      const file = `${audioLang}-${clip}.${trackLang}.vtt`
      writeFileSync(join(mediaDir, file), `WEBVTT - ${clip} (${trackLang})\n\n${body}\n`)
      written++
      console.log(`${file.padEnd(28)} ${cues.length} cues, ${seconds.toFixed(2)} s`)
    }
  }
}
console.log(`${written} transcripts in seed/media`)
