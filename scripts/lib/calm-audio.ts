// The demo units' audio of real length (issue 24 §5): each checked-in voice clip (seed/media,
// a short spoken guidance, scripts/make-seed-audio.mjs) followed by a calm sound bed up to the
// unit's length (5 to 12 minutes, src/worker/seed/data/audio.ts `unitSeconds`). The bed is made
// here at seed time: soft low noise that swells like slow breathing (one breath every 10 s) under
// a quiet low hum, encoded once with lamejs (a maintained pure-JS LAME port) as MPEG-2 Layer III,
// 16 kHz mono 16 kbps CBR, the clips' own format, so their frames can simply follow each other.
// A CBR file without a Xing/Info frame is measured by its size, so the browser shows the real
// length (the clip's Info frame, which counts only the clip's frames, is left out).
import { Mp3Encoder } from '@breezystack/lamejs'

export const SAMPLE_RATE = 16_000
export const KBPS = 16
/** Samples in one MPEG-2 Layer III frame. */
const FRAME_SAMPLES = 576
const BED_SECONDS = 60
const BREATH_SECONDS = 10

/** 60 s of the bed as MP3 frames. Starts and ends at the quiet point of a breath, so copies follow each other without a seam. */
export function calmBedFrames(): Uint8Array[] {
  const n = SAMPLE_RATE * BED_SECONDS
  const pcm = new Int16Array(n)
  let seed = 0x2f5d62
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) >>> 0) / 0xffffffff) * 2 - 1
  let brown = 0
  let smooth = 0
  for (let i = 0; i < n; i++) {
    const t = i / SAMPLE_RATE
    // Brown noise (integrated white noise, kept from drifting), low-passed: a far-off sea.
    brown = (brown + random() * 0.02) * 0.998
    smooth += (brown - smooth) * 0.05
    const breath = 0.2 + (0.8 * (1 - Math.cos((2 * Math.PI * t) / BREATH_SECONDS))) / 2
    // 110 Hz and 165 Hz fit a whole number of cycles in 60 s: the hum loops cleanly too.
    const hum = 0.018 * Math.sin(2 * Math.PI * 110 * t) + 0.01 * Math.sin(2 * Math.PI * 165 * t)
    pcm[i] = Math.round(Math.max(-1, Math.min(1, smooth * 2.2 * breath + hum)) * 32_767 * 0.5)
  }
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, KBPS)
  const parts: Uint8Array[] = []
  for (let i = 0; i < n; i += 1152) parts.push(new Uint8Array(encoder.encodeBuffer(pcm.subarray(i, i + 1152))))
  parts.push(new Uint8Array(encoder.flush()))
  const bytes = new Uint8Array(parts.reduce((s, p) => s + p.length, 0))
  let at = 0
  for (const p of parts) {
    bytes.set(p, at)
    at += p.length
  }
  return mp3Frames(bytes)
}

const BITRATES_V2_L3 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
const BITRATES_V1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
const RATES = { 3: [44_100, 48_000, 32_000], 2: [22_050, 24_000, 16_000], 0: [11_025, 12_000, 8_000] } as Record<
  number,
  number[]
>

/** The audio frames of an MP3 (Layer III), without an ID3v2 tag or a Xing/Info/VBRI frame. */
export function mp3Frames(bytes: Uint8Array): Uint8Array[] {
  let i = 0
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33)
    i = 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!)
  const frames: Uint8Array[] = []
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff || (bytes[i + 1]! & 0xe0) !== 0xe0) {
      i++ // not a frame header (trailing tag or junk): look further
      continue
    }
    const version = (bytes[i + 1]! >> 3) & 3 // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
    const layer = (bytes[i + 1]! >> 1) & 3 // 1: Layer III
    const bitrate = (version === 3 ? BITRATES_V1_L3 : BITRATES_V2_L3)[bytes[i + 2]! >> 4]
    const rate = RATES[version]?.[(bytes[i + 2]! >> 2) & 3]
    if (layer !== 1 || !bitrate || !rate) {
      i++
      continue
    }
    const padding = (bytes[i + 2]! >> 1) & 1
    const length = Math.floor(((version === 3 ? 144 : 72) * bitrate * 1000) / rate) + padding
    const frame = bytes.subarray(i, i + length)
    const tag = new TextDecoder().decode(frame.subarray(0, Math.min(64, frame.length)))
    if (!/Xing|Info|VBRI/.test(tag)) frames.push(frame)
    i += length
  }
  return frames
}

/** `clip` (a whole MP3) then the bed, repeated, up to `seconds`: one MP3 of that length. */
export function lengthen(clip: Uint8Array, bed: Uint8Array[], seconds: number): Uint8Array {
  const frames = mp3Frames(clip)
  const total = Math.ceil((seconds * SAMPLE_RATE) / FRAME_SAMPLES)
  for (let i = 0; frames.length < total; i++) frames.push(bed[i % bed.length]!)
  const out = new Uint8Array(frames.reduce((s, f) => s + f.length, 0))
  let at = 0
  for (const f of frames) {
    out.set(f, at)
    at += f.length
  }
  return out
}
