// The files table (SPEC §3 File) for uploads (CONVENTIONS 3).
import { eq } from 'drizzle-orm'
import type { AdminFileRow } from '#shared/contract/admin.rows'
import type { Db } from '#worker/db/client'
import { files } from '#worker/db/schema'

export async function insertFile(db: Db, values: typeof files.$inferInsert): Promise<AdminFileRow> {
  const r = await db.insert(files).values(values).returning().get()
  return {
    id: r.id,
    title: r.title,
    type: r.type,
    tag: r.tag,
    size: r.size,
    r2_key: r.r2Key,
    content_type: r.contentType,
    created_at: r.createdAt.toISOString(),
  }
}

export const deleteFileRow = async (db: Db, id: number) => {
  const r = await db.delete(files).where(eq(files.id, id)).returning({ r2Key: files.r2Key }).get()
  return r ? { r2_key: r.r2Key } : null
}
