// Uploads to R2 (issue 12 §3; contract/admin.files.ts): start → parts → complete, or abort. The
// R2 key carries the tag and the extension (uploads/<tag>/<random>.<ext>), so each step knows
// the rules without keeping state. The file row is written last, once R2 holds the whole file
// and it passed its checks; whatever fails is aborted or deleted, so nothing half-written stays.
import { COVER_RATIOS, RATIO_TOLERANCE, UPLOAD_PART_BYTES, UPLOAD_RULES } from '#shared/contract/admin.files'
import type { FileTag } from '#shared/enums'
import type { Ctx } from '#worker/context'
import { AppError } from '#worker/http/errors'
import { contentTypeOf } from '#worker/lib/media-types'
import { createTranslator } from '#shared/i18n/index'
import { messagesFor } from '#shared/i18n/messages'
import * as repo from './files.repo'

type Rule = (typeof UPLOAD_RULES)[FileTag]

type Words = 'admin.messages.wrong_type' | 'admin.messages.too_large' | 'admin.messages.wrong_ratio'

/** A refused upload: 422 'We encountered an issue uploading the file.' and the field's reason, with its numbers in it. */
function withWords(ctx: Ctx, field: string, key: Words, params: Record<string, unknown>) {
  const t = createTranslator(ctx.locale, messagesFor(ctx.locale))
  return new AppError('validation', { message: 'admin.messages.upload_failed', fields: { [field]: [t(key, params)] } })
}

const extOf = (name: string) => /\.([a-z0-9]{2,5})$/i.exec(name.trim())?.[1]?.toLowerCase() ?? ''
const mb = (bytes: number) => Math.round(bytes / (1024 * 1024))

function ruleOfKey(key: string): { tag: FileTag; rule: Rule; ext: string } {
  const m = /^uploads\/([a-z_]+)\/[a-z0-9-]+\.([a-z0-9]+)$/.exec(key)
  const tag = m?.[1] as FileTag | undefined
  if (!m || !tag || !Object.hasOwn(UPLOAD_RULES, tag))
    throw new AppError('validation', {
      message: 'admin.messages.upload_failed',
      fields: { key: ['validation.invalid'] },
    })
  return { tag, rule: UPLOAD_RULES[tag], ext: m[2]! }
}

/** POST /v1/file/upload: checks the name and size it will be, opens an R2 multipart upload. */
export async function start(ctx: Ctx, f: { tag: FileTag; filename: string; size: number }) {
  const rule = UPLOAD_RULES[f.tag]
  const ext = extOf(f.filename)
  if (!(rule.extensions as readonly string[]).includes(ext))
    throw withWords(ctx, 'filename', 'admin.messages.wrong_type', { allowed: rule.extensions.join(', ') })
  if (f.size > rule.maxBytes) throw withWords(ctx, 'size', 'admin.messages.too_large', { mb: mb(rule.maxBytes) })
  const key = `uploads/${f.tag}/${crypto.randomUUID()}.${ext}`
  try {
    const upload = await ctx.env.MEDIA.createMultipartUpload(key, {
      httpMetadata: { contentType: contentTypeOf(key) ?? 'application/octet-stream' },
    })
    return {
      key,
      upload_id: upload.uploadId,
      part_bytes: UPLOAD_PART_BYTES,
      parts: Math.max(1, Math.ceil(f.size / UPLOAD_PART_BYTES)),
    }
  } catch (err) {
    console.warn('R2 multipart start failed:', err instanceof Error ? err.message : err)
    throw new AppError('unavailable', { message: 'admin.messages.upload_failed' })
  }
}

/** POST /v1/file/upload/part: one part, at most UPLOAD_PART_BYTES, straight to R2. */
export async function part(ctx: Ctx, f: { key: string; upload_id: string; part_number: number; chunk: File | string }) {
  const { rule } = ruleOfKey(f.key)
  const chunk = typeof f.chunk === 'string' ? new Blob([f.chunk]) : f.chunk
  if (chunk.size > UPLOAD_PART_BYTES || (f.part_number - 1) * UPLOAD_PART_BYTES + chunk.size > rule.maxBytes)
    throw withWords(ctx, 'chunk', 'admin.messages.too_large', { mb: mb(rule.maxBytes) })
  try {
    const upload = ctx.env.MEDIA.resumeMultipartUpload(f.key, f.upload_id)
    const done = await upload.uploadPart(f.part_number, chunk)
    return { part_number: done.partNumber, etag: done.etag }
  } catch (err) {
    console.warn('R2 part upload failed:', err instanceof Error ? err.message : err)
    throw new AppError('validation', {
      message: 'admin.messages.upload_failed',
      fields: { upload_id: ['admin.messages.upload_failed'] },
    })
  }
}

/** DELETE /v1/file/upload: abandon an upload (its parts are dropped). */
export async function abort(ctx: Ctx, key: string, uploadId: string) {
  ruleOfKey(key)
  try {
    await ctx.env.MEDIA.resumeMultipartUpload(key, uploadId).abort()
  } catch {
    // Already completed or aborted: nothing is left either way.
  }
}

// ── What the first bytes say ─────────────────────────────────────────────────────────────────

const ascii = (b: Uint8Array, at: number, len: number) => String.fromCharCode(...b.subarray(at, at + len))

/** Whether the bytes start like a file of extension `ext`. */
export function looksLike(ext: string, b: Uint8Array): boolean {
  switch (ext) {
    case 'mp3':
      return ascii(b, 0, 3) === 'ID3' || (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0)
    case 'aac':
      return b[0] === 0xff && (b[1]! & 0xf6) === 0xf0
    case 'm4a':
    case 'mp4':
    case 'mov':
      return (
        ascii(b, 4, 4) === 'ftyp' || ascii(b, 4, 4) === 'moov' || ascii(b, 4, 4) === 'mdat' || ascii(b, 4, 4) === 'wide'
      )
    case 'ogg':
      return ascii(b, 0, 4) === 'OggS'
    case 'wav':
      return ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WAVE'
    case 'webm':
      return b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3
    case 'png':
      return b[0] === 0x89 && ascii(b, 1, 3) === 'PNG'
    case 'jpg':
    case 'jpeg':
      return b[0] === 0xff && b[1] === 0xd8
    case 'webp':
      return ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP'
    default:
      return false
  }
}

/** Width and height of a PNG, JPEG or WebP from its first bytes, or null. */
export function imageSize(ext: string, b: Uint8Array): { w: number; h: number } | null {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength)
  try {
    if (ext === 'png') return { w: dv.getUint32(16), h: dv.getUint32(20) }
    if (ext === 'webp') {
      const kind = ascii(b, 12, 4)
      if (kind === 'VP8 ') return { w: dv.getUint16(26, true) & 0x3fff, h: dv.getUint16(28, true) & 0x3fff }
      if (kind === 'VP8L') {
        const bits = dv.getUint32(21, true)
        return { w: (bits & 0x3fff) + 1, h: ((bits >> 14) & 0x3fff) + 1 }
      }
      if (kind === 'VP8X')
        return { w: 1 + (b[24]! | (b[25]! << 8) | (b[26]! << 16)), h: 1 + (b[27]! | (b[28]! << 8) | (b[29]! << 16)) }
      return null
    }
    // JPEG: walk the markers to the first start-of-frame.
    let i = 2
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return null
      const marker = b[i + 1]!
      const len = dv.getUint16(i + 2)
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { h: dv.getUint16(i + 5), w: dv.getUint16(i + 7) }
      i += 2 + len
    }
  } catch {
    return null
  }
  return null
}

export const ratioOk = (w: number, h: number) =>
  h > 0 && COVER_RATIOS.some((r) => Math.abs(w / h / r - 1) <= RATIO_TOLERANCE)

/** POST /v1/file/upload/complete: join the parts, check the whole file, then write its row. */
export async function complete(ctx: Ctx, f: { key: string; upload_id: string; parts: string; title?: string }) {
  const { tag, rule, ext } = ruleOfKey(f.key)
  const parts = f.parts.split('|').map((p) => {
    const [n, etag] = p.split(':')
    return { partNumber: Number(n), etag: etag! }
  })
  const upload = ctx.env.MEDIA.resumeMultipartUpload(f.key, f.upload_id)
  try {
    await upload.complete(parts)
  } catch (err) {
    console.warn('R2 multipart complete failed:', err instanceof Error ? err.message : err)
    await upload.abort().catch(() => {})
    throw new AppError('validation', {
      message: 'admin.messages.upload_failed',
      fields: { parts: ['admin.messages.upload_failed'] },
    })
  }
  const drop = () => ctx.env.MEDIA.delete(f.key).catch(() => {})
  const head = await ctx.env.MEDIA.get(f.key, { range: { offset: 0, length: 65536 } })
  if (!head)
    throw new AppError('validation', {
      message: 'admin.messages.upload_failed',
      fields: { key: ['admin.messages.upload_failed'] },
    })
  const first = new Uint8Array(await head.arrayBuffer())
  if (head.size > rule.maxBytes) {
    await drop()
    throw withWords(ctx, 'size', 'admin.messages.too_large', { mb: mb(rule.maxBytes) })
  }
  if (!looksLike(ext, first)) {
    await drop()
    throw withWords(ctx, 'filename', 'admin.messages.wrong_type', { allowed: rule.extensions.join(', ') })
  }
  if (rule.type === 'cover' && tag !== 'user_avatar') {
    const size = imageSize(ext, first)
    if (!size || !ratioOk(size.w, size.h)) {
      await drop()
      throw withWords(ctx, 'ratio', 'admin.messages.wrong_ratio', { w: size?.w ?? '?', h: size?.h ?? '?' })
    }
  }
  try {
    return await repo.insertFile(ctx.db, {
      title: f.title ?? null,
      type: rule.type,
      tag,
      size: head.size,
      r2Key: f.key,
      contentType: contentTypeOf(f.key),
      createdBy: ctx.user?.id ?? null,
    })
  } catch (err) {
    await drop()
    console.warn('file row not saved:', err instanceof Error ? err.message : err)
    throw new AppError('unavailable', { message: 'admin.messages.save_failed' })
  }
}

/** DELETE /v1/file: the row and its object. */
export async function remove(ctx: Ctx, id: number) {
  const row = await repo.deleteFileRow(ctx.db, id)
  if (!row) throw new AppError('not_found', { message: 'admin.messages.file_missing' })
  await ctx.env.MEDIA.delete(row.r2_key)
}
