// An upload to R2 in parts (contract/admin.files.ts): start, each part as its own request (the
// browser slices the file, so neither side ever holds more than one part), complete. On any
// failure the upload is aborted, so nothing half-written is left, and the server's message
// shows ('We encountered an issue uploading the file.').
import { useId, useState } from 'react'
import { abortUpload, completeUpload, startUpload } from '#shared/contract/admin.files'
import type { AdminFileRow } from '#shared/contract/admin'
import { apiHeaders, call } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { notify } from '#client/stores/toasts.ts'

type Tag = 'route_cover' | 'unit_cover' | 'post_cover' | 'audio' | 'video' | 'user_avatar'

const ACCEPT: Record<Tag, string> = {
  audio: 'audio/*,.mp3,.m4a,.aac,.ogg,.wav',
  video: 'video/*,.mp4,.webm,.mov',
  route_cover: 'image/jpeg,image/png,image/webp',
  unit_cover: 'image/jpeg,image/png,image/webp',
  post_cover: 'image/jpeg,image/png,image/webp',
  user_avatar: 'image/jpeg,image/png,image/webp',
}

/** One part, sent as form data with the bytes in `chunk` (the call helper only sends text). */
async function sendPart(fields: Record<string, string>, chunk: Blob): Promise<{ etag: string } | { error: string }> {
  const body = new FormData()
  for (const [k, v] of Object.entries(fields)) body.append(k, v)
  body.append('chunk', chunk, 'part')
  try {
    const res = await fetch('/v1/file/upload/part', {
      method: 'POST',
      headers: apiHeaders(),
      body,
      credentials: 'same-origin',
    })
    const json = (await res.json()) as { success?: boolean; message?: string; part?: { etag: string } }
    return json.success && json.part ? { etag: json.part.etag } : { error: json.message ?? '' }
  } catch {
    return { error: '' }
  }
}

export async function uploadFile(
  file: File,
  tag: Tag,
  onProgress: (pct: number) => void,
): Promise<AdminFileRow | { error: string; errors?: Record<string, string[]> }> {
  const started = await call(startUpload, {
    input: { tag, filename: file.name, size: file.size, title: file.name },
    silent: true,
  })
  if (!started.success) return { error: started.message ?? '', errors: started.errors }
  const { key, upload_id, part_bytes } = started.upload
  const etags: string[] = []
  for (let n = 1, at = 0; at < file.size; n++, at += part_bytes) {
    const sent = await sendPart({ key, upload_id, part_number: String(n) }, file.slice(at, at + part_bytes))
    if ('error' in sent) {
      await call(abortUpload, { input: { key, upload_id }, silent: true })
      return { error: sent.error }
    }
    etags.push(`${n}:${sent.etag}`)
    onProgress(Math.round((Math.min(file.size, at + part_bytes) / file.size) * 100))
  }
  const done = await call(completeUpload, {
    input: { key, upload_id, parts: etags.join('|'), title: file.name },
    silent: true,
  })
  if (!done.success) return { error: done.message ?? '', errors: done.errors }
  return done.file
}

export function Upload({ tag, onDone }: { tag: Tag; onDone: (file: AdminFileRow) => void }) {
  const { t } = usePage()
  const id = useId()
  const [pct, setPct] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)

  async function pick(file: File | undefined) {
    if (!file) return
    setError(null)
    setPct(0)
    const out = await uploadFile(file, tag, setPct)
    setPct(null)
    if ('error' in out && typeof out.error === 'string') {
      const why = Object.values(out.errors ?? {})[0]?.[0]
      const message = out.error || t('admin.messages.upload_failed')
      setError(why ? `${message} ${why}` : message)
      notify(message, 'danger')
      return
    }
    notify(t('admin.route.uploaded'), 'success')
    onDone(out as AdminFileRow)
  }

  return (
    <div className="adm-upload">
      <input
        id={id}
        type="file"
        accept={ACCEPT[tag]}
        onChange={(e) => {
          // Emptied once read, so choosing the same file again uploads it again.
          const input = e.currentTarget
          const file = input.files?.[0]
          input.value = ''
          void pick(file)
        }}
        data-testid={`upload-${tag}`}
        aria-label={t('admin.route.upload_audio')}
      />
      {pct !== null ? <span aria-live="polite">{t('admin.route.uploading', { n: pct })}</span> : null}
      {error ? (
        <p className="adm-error" role="alert" data-testid="upload-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
