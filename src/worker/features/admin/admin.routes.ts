import { Role } from '#shared/enums'
import * as calls from '#shared/contract/admin'
import * as fileCalls from '#shared/contract/admin.files'
import { requireRole } from '#worker/http/auth'
import { answer, routes } from '#worker/http/mount'
import { purgeAfterEdit } from '#worker/http/public-cache'
import * as admin from './admin.service'
import { restoreDeleted } from './audit'
import * as files from './files.service'

/**
 * SPEC §6: admins manage everything; publishers the content (routes, units, symptoms,
 * categories, posts, files). Plans, users, appointments, events, the audit and the sitemap are
 * admins' only (docs/API.md "Admin").
 */
const editors = requireRole(Role.admin, Role.publisher)
const admins = requireRole(Role.admin)
const contentEdit = [editors, purgeAfterEdit]
const propertyEdit = [admins, purgeAfterEdit]

export const adminRoutes = routes((on) => {
  on(calls.listAdminRoutes, editors, (q, ctx) => admin.list(ctx, 'routes', q))
  on(calls.listAdminPosts, editors, (q, ctx) => admin.list(ctx, 'posts', q))
  on(calls.listAdminSymptoms, editors, (q, ctx) => admin.list(ctx, 'symptoms', q))
  on(calls.listAdminUnits, editors, (q, ctx) => admin.list(ctx, 'units', q))
  on(calls.listAdminFiles, editors, (q, ctx) => admin.list(ctx, 'files', q))
  on(calls.listAdminPlans, admins, (q, ctx) => admin.list(ctx, 'plans', q))
  on(calls.listPlanRoutes, admins, (q, ctx) => admin.list(ctx, 'plan_routes', q))
  on(calls.listPlanUsers, admins, (q, ctx) => admin.list(ctx, 'plan_users', q))
  on(calls.listAudit, admins, (q, ctx) => admin.list(ctx, 'audit', q))
  on(calls.listEvents, admins, (q, ctx) => admin.list(ctx, 'events', q))
  on(calls.exportEvents, admins, (q, ctx) => admin.exportEvents(ctx, q))
  on(calls.saveUnit, contentEdit, async (f, ctx) => {
    const { unit, created } = await admin.saveUnit(ctx, f)
    return answer({ unit }, { created })
  })
  on(calls.deleteUnit, contentEdit, async (f, ctx) => {
    await admin.deleteUnit(ctx, f.id)
  })
  on(calls.moveUnit, contentEdit, async (f, ctx) => ({ rows: await admin.moveUnit(ctx, f.id, f.direction) }))
  on(calls.saveAdminUser, admins, async (f, ctx) => ({ user: await admin.saveUser(ctx, f) }))
  on(calls.adjustCredits, admins, async (f, ctx) => ({
    credits_cents: await admin.adjustCredits(ctx, f.user_id, f.amount_cents, f.reason),
  }))
  on(calls.saveProperty, propertyEdit, async (f, ctx) => {
    const { property, created } = await admin.saveProperty(ctx, f)
    return answer({ property }, { created })
  })
  on(calls.deleteProperty, propertyEdit, async (f, ctx) => {
    await admin.deleteProperty(ctx, f.id)
  })
  on(calls.restoreDeleted, admins, (f, ctx) => restoreDeleted(ctx, f.audit_id))
  on(calls.regenerateSitemap, admins, async (_, ctx) => {
    const urls = await admin.regenerateSitemap(ctx)
    return answer({ urls }, { params: { n: urls } })
  })
  on(calls.updateImageUsingUnsplash, editors, async (f, ctx) => ({
    image_cover: await admin.imageFromUnsplash(ctx, f.id),
  }))
  on(calls.aiForPost, editors, async (q, ctx, c) => ({
    response: await admin.aiForPost(ctx, c.req.param('target') ?? '', q.post_id, q.prompt),
  }))
  // Uploads (contract/admin.files.ts): files are content, so publishers upload too.
  on(fileCalls.startUpload, editors, async (f, ctx) => ({ upload: await files.start(ctx, f) }))
  on(fileCalls.uploadPart, editors, async (f, ctx) => ({ part: await files.part(ctx, f) }))
  on(fileCalls.completeUpload, editors, async (f, ctx) => ({ file: await files.complete(ctx, f) }))
  on(fileCalls.abortUpload, editors, async (f, ctx) => {
    await files.abort(ctx, f.key, f.upload_id)
  })
  on(fileCalls.deleteFile, editors, async (f, ctx) => {
    await files.remove(ctx, f.id)
  })
})
