// Uploads to R2 (issue 12 §3; SPEC §3 File, §9 image ratios and file tags). A file travels in
// parts of UPLOAD_PART_BYTES, each its own request, into an R2 multipart upload: no request, and
// so no Worker, ever holds more than one part. The file row is written only once R2 has the
// whole file and its checks pass (type by its first bytes, size, a cover's ratio); anything
// refused or failed is aborted or deleted, so nothing half-written remains.
import { z } from './zod'
import { FILE_TAGS } from '#shared/enums'
import { del, post } from './call'
import { envelope, messageResponse } from './common'
import { idField, int, line } from './fields'
import { adminFileRow } from './admin.rows'

/** One part of an upload (R2 multipart needs at least 5 MiB for every part but the last). */
export const UPLOAD_PART_BYTES = 6 * 1024 * 1024

/** What each tag accepts: kind, extensions and the largest size (SPEC §9 file tags). */
export const UPLOAD_RULES = {
  audio: { type: 'audio', extensions: ['mp3', 'm4a', 'aac', 'ogg', 'wav'], maxBytes: 200 * 1024 * 1024 },
  video: { type: 'video', extensions: ['mp4', 'webm', 'mov'], maxBytes: 2 * 1024 * 1024 * 1024 },
  route_cover: { type: 'cover', extensions: ['jpg', 'jpeg', 'png', 'webp'], maxBytes: 5 * 1024 * 1024 },
  unit_cover: { type: 'cover', extensions: ['jpg', 'jpeg', 'png', 'webp'], maxBytes: 5 * 1024 * 1024 },
  post_cover: { type: 'cover', extensions: ['jpg', 'jpeg', 'png', 'webp'], maxBytes: 5 * 1024 * 1024 },
  user_avatar: { type: 'cover', extensions: ['jpg', 'jpeg', 'png', 'webp'], maxBytes: 2 * 1024 * 1024 },
} as const satisfies Record<
  (typeof FILE_TAGS)[number],
  { type: 'cover' | 'audio' | 'video'; extensions: readonly string[]; maxBytes: number }
>

/** SPEC §9: covers are 19:11 (wide) or 11:11 (square); 2% either way allows for rounding. */
export const COVER_RATIOS = [19 / 11, 1] as const
export const RATIO_TOLERANCE = 0.02

const tagField = z.enum(FILE_TAGS, { error: 'validation.choice' })
/** An upload's R2 key, as the start call made it. */
export const uploadKeyField = z
  .string()
  .regex(/^uploads\/[a-z_]+\/[a-z0-9-]{8,64}\.[a-z0-9]{2,5}$/, { error: 'validation.invalid' })
const uploadIdField = z
  .string()
  .min(1)
  .max(1000)
  .regex(/^[A-Za-z0-9._~+/=-]+$/, { error: 'validation.invalid' })

export const startUpload = post(
  '/file/upload',
  z.object({
    tag: tagField,
    filename: line(200),
    size: int({ min: 1, max: 1_000_000_000_000 }),
    title: line(200).optional(),
  }),
  envelope({
    upload: z.object({ key: z.string(), upload_id: z.string(), part_bytes: z.number().int(), parts: z.number().int() }),
  }),
)
/** One part; the form's `chunk` is the part's bytes (a file field; a text field is taken as its UTF-8 bytes). */
export const uploadPart = post(
  '/file/upload/part',
  z.object({
    key: uploadKeyField,
    upload_id: uploadIdField,
    part_number: int({ min: 1, max: 10_000 }),
    chunk: z.union([z.instanceof(File), z.string().min(1)], { error: 'validation.required' }),
  }),
  envelope({ part: z.object({ part_number: z.number().int(), etag: z.string() }) }),
)
export const completeUpload = post(
  '/file/upload/complete',
  z.object({
    key: uploadKeyField,
    upload_id: uploadIdField,
    /** '1:etag|2:etag' in order. */
    parts: z
      .string()
      .min(3)
      .max(200_000)
      .regex(/^\d{1,5}:[^|:\s]{1,200}(\|\d{1,5}:[^|:\s]{1,200})*$/, { error: 'validation.invalid' }),
    title: line(200).optional(),
  }),
  envelope({ file: adminFileRow }),
  { status: 201, message: 'admin.messages.file_created' },
)
export const abortUpload = del(
  '/file/upload',
  z.object({ key: uploadKeyField, upload_id: uploadIdField }),
  messageResponse,
)
export const deleteFile = del('/file', z.object({ id: idField }), messageResponse, {
  message: 'admin.messages.file_deleted',
})

export const adminFilesCalls = [startUpload, uploadPart, completeUpload, abortUpload, deleteFile] as const
