// The audit trail (issue 12 §5): every write an admin or a publisher makes through /v1 is
// recorded with who, when, the call, the entity and its rows before and after. Mounted once on
// /v1 (app.ts), so a new editor's call is recorded without its route knowing. A deleted route,
// post or plan keeps its rows in `before` and can be restored for RESTORE_DAYS.
import { createMiddleware } from 'hono/factory'
import { RESTORE_DAYS } from '#shared/contract/admin'
import { Role } from '#shared/enums'
import type { Ctx } from '#worker/context'
import type { AppEnv } from '#worker/env'
import { AppError } from '#worker/http/errors'
import { unconfirmedStaff } from '#worker/identity/caller'
import { contentChanged } from '#worker/http/public-cache'
import { isUniqueViolation } from '#worker/db/errors'
import { cleanSnapshotRows } from '#worker/features/posts/post-html'
import { findAudit, insertAudit, restoreSnapshot, RESTORABLE, snapshot } from './audit.repo'

interface Audited {
  entity: string
  /** The form field naming the entity. */
  idField: string
  /** The answer's object holding a created entity (its `id`). */
  answer?: string
}

/** The editors' calls by path (SPEC §7), each naming the entity it changes. */
export const AUDITED: Record<string, Audited> = {
  '/route': { entity: 'route', idField: 'id', answer: 'route' },
  '/route/symptom/assign': { entity: 'route', idField: 'route_id' },
  '/route/symptom/unassign': { entity: 'route', idField: 'route_id' },
  '/route/symptom/apply/primary': { entity: 'route', idField: 'route_id' },
  '/route/category': { entity: 'route_category', idField: 'id', answer: 'category' },
  '/post/category': { entity: 'post_category', idField: 'id', answer: 'category' },
  '/symptom': { entity: 'symptom', idField: 'id', answer: 'symptom' },
  '/post': { entity: 'post', idField: 'id', answer: 'post' },
  '/post/correlation': { entity: 'post', idField: 'post_id' },
  '/post/update_image_using_unsplash': { entity: 'post', idField: 'id' },
  '/plan': { entity: 'plan', idField: 'id', answer: 'plan' },
  '/plan/setting': { entity: 'plan', idField: 'plan_id' },
  '/plan/assign': { entity: 'plan', idField: 'plan_id' },
  '/plan/route': { entity: 'plan', idField: 'plan_id' },
  '/unit': { entity: 'unit', idField: 'id', answer: 'unit' },
  '/unit/move': { entity: 'unit', idField: 'id' },
  '/admin/user': { entity: 'user', idField: 'id' },
  '/admin/user/credits': { entity: 'user', idField: 'user_id' },
  '/file/upload/complete': { entity: 'file', idField: 'id', answer: 'file' },
  '/file': { entity: 'file', idField: 'id' },
  '/route/property': { entity: 'property', idField: 'id', answer: 'property' },
  '/appointment/cancel': { entity: 'appointment', idField: 'id' },
  '/appointment/close': { entity: 'appointment', idField: 'id' },
}
/** Paths of other admin areas (notifications, refunds, the admin's own): recorded with their form. */
// oxlint-disable-next-line calma/page-path -- /v1 call paths (the request's path under /v1), not pages
const AUDITED_PREFIXES = ['/admin/', '/notification', '/refund']
/** Not writes of an entity: the bytes of an upload in progress, its start and abort. */
const SKIPPED = new Set(['/file/upload', '/file/upload/part'])
/** Form fields never kept in the trail. */
const SECRET = /password|token|chunk|secret/i

const EDITOR_ROLES: readonly number[] = [Role.admin, Role.publisher]

const toId = (v: unknown) =>
  typeof v === 'string' && /^[1-9]\d{0,14}$/.test(v) ? Number(v) : typeof v === 'number' ? v : null

export const auditWrites = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.var.user
  const path = c.req.path.replace(/^\/v1/, '').replace(/\/$/, '')
  // A staff caller their call's service confirms (identity/caller.ts unconfirmedStaff) may turn
  // out to be an editor in D1 whatever KV's copy says: decided after the write (below).
  const editorByKv = !!user && EDITOR_ROLES.includes(user.role)
  if (c.req.method === 'GET' || !user || (!editorByKv && !unconfirmedStaff(c)) || SKIPPED.has(path)) return next()
  const known = AUDITED[path]
  if (!known && !AUDITED_PREFIXES.some((p) => path.startsWith(p))) return next()
  // Parsed from a copy of the bytes hono keeps (the session check has read the whole body of a
  // staff request already, http/body.ts wholeBody): a form that cannot be parsed is left for the
  // validator to refuse (400), and the validator reads the same bytes.
  const type = c.req.header('content-type') ?? ''
  const form: Record<string, unknown> = /multipart\/form-data|x-www-form-urlencoded/.test(type)
    ? await c.req
        .arrayBuffer()
        .then((bytes) => new Response(bytes.slice(0), { headers: { 'content-type': type } }).formData())
        .then((fd) => Object.fromEntries(fd.entries()))
        .catch(() => ({}))
    : {}
  const fields = Object.fromEntries(Object.entries(form).filter(([k, v]) => !SECRET.test(k) && typeof v === 'string'))
  let id = known ? toId(form[known.idField]) : toId(form.id)
  const before = known && id && editorByKv ? await snapshot(c.var.db, known.entity, id).catch(() => null) : null
  await next()
  if (c.res.status >= 300) return
  // The caller as the write found them: a call whose service confirms its staff caller
  // (identity/caller.ts staffHeldInWrite) may have learnt another role from D1 than KV's copy
  // this middleware started with; the trail follows the role that wrote (decision 089, found
  // from outside): an admin by D1 alone is recorded (without its row before), a former one not.
  const wrote = c.var.user ?? user
  if (!EDITOR_ROLES.includes(wrote.role)) return
  try {
    if (known && !id && known.answer) {
      const body = (await c.res.clone().json()) as Record<string, { id?: unknown } | undefined>
      id = toId(body[known.answer]?.id)
    }
    // oxlint-disable-next-line calma/page-path -- the /v1 call POST /v1/admin/restore, not a page
    if (path === '/admin/restore') {
      const body = (await c.res.clone().json()) as { entity?: string; id?: number }
      await insertAudit(c.var.db, {
        actorId: wrote.id,
        actorRole: wrote.role,
        action: `POST /v1${path}`,
        entity: body.entity ?? 'audit',
        entityId: body.id ?? null,
        before: null,
        after: { form: [fields] },
      })
      return
    }
    const after = known && id && c.req.method !== 'DELETE' ? await snapshot(c.var.db, known.entity, id) : null
    await insertAudit(c.var.db, {
      actorId: wrote.id,
      actorRole: wrote.role,
      action: `${c.req.method} /v1${path}`,
      entity: known?.entity ?? path.split('/').filter(Boolean).join('_'),
      entityId: id,
      before,
      after: after ?? (c.req.method === 'DELETE' ? null : { form: [fields] }),
    })
  } catch (err) {
    // The write is done; a trail that could not be written must not turn it into a failure.
    console.warn(`[${c.get('requestId')}] audit not recorded for ${path}:`, err instanceof Error ? err.message : err)
  }
})

/** POST /v1/admin/restore: a route, post or plan deleted in the last RESTORE_DAYS, back as it was. */
export async function restoreDeleted(ctx: Ctx, auditId: number): Promise<{ entity: string; id: number }> {
  const row = await findAudit(ctx.db, auditId)
  if (!row) throw new AppError('not_found')
  const restorable =
    (RESTORABLE as readonly string[]).includes(row.entity) &&
    row.action.startsWith('DELETE ') &&
    row.before &&
    row.entity_id
  const tooOld = Date.now() - row.created_at > RESTORE_DAYS * 24 * 60 * 60 * 1000
  if (!restorable || tooOld)
    throw new AppError('validation', {
      message: 'admin.audit.not_restorable',
      fields: { audit_id: ['admin.audit.not_restorable'] },
    })
  if (row.restored_at) throw new AppError('conflict', { message: 'admin.audit.already_restored' })
  // A post's body comes back through the allowlist: the snapshot may predate it (issue 20 §4).
  const before = row.before as Record<string, Record<string, unknown>[]>
  if (before.posts) before.posts = await cleanSnapshotRows(before.posts)
  try {
    await restoreSnapshot(ctx.db, row.id, before as never)
  } catch (err) {
    // Its slug was taken again meanwhile.
    if (isUniqueViolation(err)) throw new AppError('conflict', { message: 'content_manage.slug_taken' })
    // A row it pointed at (its category, the next plan) is gone too: say so, never a 500.
    if (/FOREIGN KEY/i.test(String((err as Error)?.message ?? err)))
      throw new AppError('conflict', { message: 'admin.audit.restore_conflict' })
    throw err
  }
  await contentChanged(ctx.env)
  return { entity: row.entity, id: row.entity_id! }
}
