/**
 * What the corpus extractors share (extract.mjs, extract-outside.mjs): reading a public repository
 * the search tool's `fetch` copied to /work/.mirror/<owner>+<name>/repo (XSS_MIRROR elsewhere),
 * as text only, and writing a corpus file with its source's header.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const MIRROR = process.env.XSS_MIRROR ?? '/work/.mirror'

const gitDir = (repo) => path.join(MIRROR, repo.replace('/', '+'), 'repo')
/** A git command in the mirror of `repo`, its output as text. */
export const git = (repo, ...args) =>
  execFileSync('git', ['--git-dir', gitDir(repo), ...args], { encoding: 'utf8', maxBuffer: 64 << 20 })
/** The mirrored commit of `repo`. */
export const headOf = (repo) => git(repo, 'rev-parse', 'HEAD').trim()
/** A file of `repo` at `commit`, as text. */
export const show = (repo, commit, file) => git(repo, 'show', `${commit}:${file}`)

/**
 * Writes `dir/file`: the source (repository, paths, commit, licence), who extracted it, and its
 * vectors without blanks or repeats.
 */
export function writeCorpus(dir, file, source, vectors, extractedBy) {
  const seen = new Set()
  const unique = vectors.filter((v) => v.input.trim() && !seen.has(v.input) && seen.add(v.input))
  const out = { source: { ...source, extracted_by: extractedBy, vectors: unique.length }, vectors: unique }
  mkdirSync(dir, { recursive: true })
  writeFileSync(path.join(dir, file), `${JSON.stringify(out, null, 2)}\n`)
  console.log(`${file}: ${unique.length} vectors (${vectors.length - unique.length} duplicates dropped)`)
}
