#!/usr/bin/env node
// Generates the demo unit audio in seed/media/ from seed/audio-scripts.json.
//
//   node scripts/make-seed-audio.mjs            regenerate every clip
//   node scripts/make-seed-audio.mjs --check    only verify files and durations
//
// Each entry of seed/audio-scripts.json is `"<name>.mp3": { "voice": "es" | "en-us", "text": "..." }`.
// Pipeline per clip: espeak-ng (calm, slow voice, SSML pauses between sentences) -> WAV,
// sox pads a little silence around it, lame encodes a small mono 16 kHz / 16 kbps CBR mp3.
// The real durations (ffprobe) are written into the generated block of
// src/worker/seed/data/audio.ts (`audioDurations`), which the unit data reads.
//
// Requires the Debian packages espeak-ng, sox, lame and ffmpeg (ffprobe).

import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const scriptsFile = join(root, 'seed', 'audio-scripts.json')
const mediaDir = join(root, 'seed', 'media')
const contentFile = join(root, 'src', 'worker', 'seed', 'data', 'audio.ts')
const MAX_MEDIA_BYTES = 5 * 1024 * 1024
const BEGIN = '// BEGIN GENERATED AUDIO DURATIONS (scripts/make-seed-audio.mjs)'
const END = '// END GENERATED AUDIO DURATIONS'

const checkOnly = process.argv.includes('--check')

function run(cmd, args, opts = {}) {
  return execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts }).toString()
}

function escapeXml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** Turns plain text into SSML with a calm pause after every sentence. */
function toSsml(text) {
  const sentences = text.match(/[^.!?;:]+[.!?;:]+|[^.!?;:]+$/g) ?? [text]
  const body = sentences
    .map((s) => escapeXml(s.trim()))
    .filter(Boolean)
    .join(' <break time="550ms"/> ')
  return `<speak>${body}</speak>`
}

function probeDuration(file) {
  const out = run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file])
  const seconds = Number.parseFloat(out.trim())
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`Could not read the duration of ${file}`)
  return seconds
}

function probeStream(file) {
  const out = run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'a:0',
    '-show_entries',
    'stream=codec_name,channels,sample_rate',
    '-of',
    'json',
    file,
  ])
  return JSON.parse(out).streams?.[0] ?? {}
}

function makeClip(name, { voice, text }, workDir) {
  const rawWav = join(workDir, 'raw.wav')
  const paddedWav = join(workDir, 'padded.wav')
  const out = join(mediaDir, name)
  // -s words per minute (calm and slow), -p pitch (a little lower), -g extra gap between words (10 ms units)
  run('espeak-ng', ['-v', voice, '-s', '140', '-p', '40', '-g', '3', '-m', '-w', rawWav, toSsml(text)])
  run('sox', [rawWav, paddedWav, 'pad', '0.3', '0.8'])
  run('lame', [
    '--silent',
    '-m',
    'm',
    '--resample',
    '16',
    '-b',
    '16',
    '-q',
    '2',
    '--tt',
    name.replace(/\.mp3$/, ''),
    '--ta',
    'Calma demo',
    paddedWav,
    out,
  ])
  return out
}

function writeDurations(durations) {
  if (!existsSync(contentFile)) {
    console.warn(`! ${contentFile} not found; durations not written`)
    return
  }
  const source = readFileSync(contentFile, 'utf8')
  const start = source.indexOf(BEGIN)
  const end = source.indexOf(END)
  if (start < 0 || end < start) {
    console.warn(`! generated block markers not found in ${contentFile}; durations not written`)
    return
  }
  const lines = Object.keys(durations)
    .sort()
    .map((name) => `  '${name}': ${durations[name]},`)
  const block = `${BEGIN}\nexport const audioDurations: Readonly<Record<string, number>> = {\n${lines.join('\n')}\n};\n`
  const next = source.slice(0, start) + block + source.slice(end)
  if (next !== source) {
    writeFileSync(contentFile, next)
    console.log(`durations written to ${contentFile}`)
  } else {
    console.log('durations in audio.ts already up to date')
  }
}

function main() {
  const scripts = JSON.parse(readFileSync(scriptsFile, 'utf8'))
  const names = Object.keys(scripts).sort()
  mkdirSync(mediaDir, { recursive: true })

  const workDir = mkdtempSync(join(tmpdir(), 'seed-audio-'))
  const durations = {}
  try {
    for (const name of names) {
      const entry = scripts[name]
      if (!/^[a-z0-9-]+\.mp3$/.test(name)) throw new Error(`Bad clip name: ${name}`)
      if (!entry?.voice || !entry?.text) throw new Error(`Clip ${name} needs voice and text`)
      const file = join(mediaDir, name)
      if (!checkOnly) makeClip(name, entry, workDir)
      if (!existsSync(file)) throw new Error(`Missing ${file}`)
      const stream = probeStream(file)
      if (stream.codec_name !== 'mp3' || stream.channels !== 1) {
        throw new Error(`${name} is not a mono mp3 (${JSON.stringify(stream)})`)
      }
      const seconds = probeDuration(file)
      if (seconds < 5) throw new Error(`${name} is too short (${seconds}s)`)
      durations[name] = Math.round(seconds)
      console.log(`${name.padEnd(24)} ${seconds.toFixed(2).padStart(6)} s ${String(statSync(file).size).padStart(7)} B`)
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true })
  }

  // Remove clips that are no longer in the scripts file.
  for (const file of readdirSync(mediaDir)) {
    if (file.endsWith('.mp3') && !(file in scripts)) {
      if (checkOnly) console.warn(`! stale file ${file}`)
      else rmSync(join(mediaDir, file))
    }
  }

  const total = readdirSync(mediaDir).reduce((sum, f) => sum + statSync(join(mediaDir, f)).size, 0)
  console.log(`${names.length} clips, ${(total / 1024 / 1024).toFixed(2)} MB in seed/media`)
  if (total > MAX_MEDIA_BYTES) throw new Error('seed/media is over the 5 MB limit')

  if (!checkOnly) writeDurations(durations)
  else {
    const source = existsSync(contentFile) ? readFileSync(contentFile, 'utf8') : ''
    const stale = names.filter((n) => !source.includes(`'${n}': ${durations[n]},`))
    if (stale.length) throw new Error(`audio.ts durations out of date for: ${stale.join(', ')}`)
    console.log('audio.ts durations match')
  }
}

main()
