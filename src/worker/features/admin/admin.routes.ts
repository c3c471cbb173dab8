import { Hono } from 'hono'
import { Role } from '#shared/enums'
import * as calls from '#shared/contract/admin'
import * as fileCalls from '#shared/contract/admin.files'
import { ctxOf } from '#worker/context'
import type { AppEnv } from '#worker/env'
import { requireRole } from '#worker/http/auth'
import { endpoint, reply } from '#worker/http/endpoint'
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

export const adminRoutes = new Hono<AppEnv>()
  .on(
    calls.listAdminRoutes.method,
    calls.listAdminRoutes.path,
    editors,
    ...endpoint(calls.listAdminRoutes, async (c, q) =>
      reply(c, calls.listAdminRoutes, await admin.list(ctxOf(c), 'routes', q)),
    ),
  )
  .on(
    calls.listAdminPosts.method,
    calls.listAdminPosts.path,
    editors,
    ...endpoint(calls.listAdminPosts, async (c, q) =>
      reply(c, calls.listAdminPosts, await admin.list(ctxOf(c), 'posts', q)),
    ),
  )
  .on(
    calls.listAdminSymptoms.method,
    calls.listAdminSymptoms.path,
    editors,
    ...endpoint(calls.listAdminSymptoms, async (c, q) =>
      reply(c, calls.listAdminSymptoms, await admin.list(ctxOf(c), 'symptoms', q)),
    ),
  )
  .on(
    calls.listAdminUnits.method,
    calls.listAdminUnits.path,
    editors,
    ...endpoint(calls.listAdminUnits, async (c, q) =>
      reply(c, calls.listAdminUnits, await admin.list(ctxOf(c), 'units', q)),
    ),
  )
  .on(
    calls.listAdminFiles.method,
    calls.listAdminFiles.path,
    editors,
    ...endpoint(calls.listAdminFiles, async (c, q) =>
      reply(c, calls.listAdminFiles, await admin.list(ctxOf(c), 'files', q)),
    ),
  )
  .on(
    calls.listAdminPlans.method,
    calls.listAdminPlans.path,
    admins,
    ...endpoint(calls.listAdminPlans, async (c, q) =>
      reply(c, calls.listAdminPlans, await admin.list(ctxOf(c), 'plans', q)),
    ),
  )
  .on(
    calls.listPlanRoutes.method,
    calls.listPlanRoutes.path,
    admins,
    ...endpoint(calls.listPlanRoutes, async (c, q) =>
      reply(c, calls.listPlanRoutes, await admin.list(ctxOf(c), 'plan_routes', q)),
    ),
  )
  .on(
    calls.listPlanUsers.method,
    calls.listPlanUsers.path,
    admins,
    ...endpoint(calls.listPlanUsers, async (c, q) =>
      reply(c, calls.listPlanUsers, await admin.list(ctxOf(c), 'plan_users', q)),
    ),
  )
  .on(
    calls.listAudit.method,
    calls.listAudit.path,
    admins,
    ...endpoint(calls.listAudit, async (c, q) => reply(c, calls.listAudit, await admin.list(ctxOf(c), 'audit', q))),
  )
  .on(
    calls.listEvents.method,
    calls.listEvents.path,
    admins,
    ...endpoint(calls.listEvents, async (c, q) => reply(c, calls.listEvents, await admin.list(ctxOf(c), 'events', q))),
  )
  .on(
    calls.exportEvents.method,
    calls.exportEvents.path,
    admins,
    ...endpoint(calls.exportEvents, async (c, q) =>
      reply(c, calls.exportEvents, await admin.exportEvents(ctxOf(c), q)),
    ),
  )
  .on(
    calls.saveUnit.method,
    calls.saveUnit.path,
    editors,
    purgeAfterEdit,
    ...endpoint(calls.saveUnit, async (c, f) => {
      const { unit, created } = await admin.saveUnit(ctxOf(c), f)
      return reply(
        c,
        calls.saveUnit,
        { unit },
        {
          status: created ? 201 : 200,
          message: created ? 'admin.messages.unit_created' : 'admin.messages.unit_updated',
        },
      )
    }),
  )
  .on(
    calls.deleteUnit.method,
    calls.deleteUnit.path,
    editors,
    purgeAfterEdit,
    ...endpoint(calls.deleteUnit, async (c, f) => {
      await admin.deleteUnit(ctxOf(c), f.id)
      return reply(c, calls.deleteUnit, {}, { message: 'admin.messages.unit_deleted' })
    }),
  )
  .on(
    calls.moveUnit.method,
    calls.moveUnit.path,
    editors,
    purgeAfterEdit,
    ...endpoint(calls.moveUnit, async (c, f) =>
      reply(
        c,
        calls.moveUnit,
        { rows: await admin.moveUnit(ctxOf(c), f.id, f.direction) },
        { message: 'admin.messages.unit_moved' },
      ),
    ),
  )
  .on(
    calls.saveAdminUser.method,
    calls.saveAdminUser.path,
    admins,
    ...endpoint(calls.saveAdminUser, async (c, f) =>
      reply(
        c,
        calls.saveAdminUser,
        { user: await admin.saveUser(ctxOf(c), f) },
        { message: 'admin.messages.user_updated' },
      ),
    ),
  )
  .on(
    calls.adjustCredits.method,
    calls.adjustCredits.path,
    admins,
    ...endpoint(calls.adjustCredits, async (c, f) =>
      reply(
        c,
        calls.adjustCredits,
        { credits_cents: await admin.adjustCredits(ctxOf(c), f.user_id, f.amount_cents, f.reason) },
        { message: 'admin.users.adjusted' },
      ),
    ),
  )
  .on(
    calls.saveProperty.method,
    calls.saveProperty.path,
    admins,
    purgeAfterEdit,
    ...endpoint(calls.saveProperty, async (c, f) => {
      const { property, created } = await admin.saveProperty(ctxOf(c), f)
      return reply(
        c,
        calls.saveProperty,
        { property },
        {
          status: created ? 201 : 200,
          message: created ? 'admin.messages.property_created' : 'admin.messages.property_updated',
        },
      )
    }),
  )
  .on(
    calls.deleteProperty.method,
    calls.deleteProperty.path,
    admins,
    purgeAfterEdit,
    ...endpoint(calls.deleteProperty, async (c, f) => {
      await admin.deleteProperty(ctxOf(c), f.id)
      return reply(c, calls.deleteProperty, {}, { message: 'admin.messages.property_deleted' })
    }),
  )
  .on(
    calls.restoreDeleted.method,
    calls.restoreDeleted.path,
    admins,
    ...endpoint(calls.restoreDeleted, async (c, f) =>
      reply(c, calls.restoreDeleted, await restoreDeleted(ctxOf(c), f.audit_id), { message: 'admin.audit.restored' }),
    ),
  )
  .on(
    calls.regenerateSitemap.method,
    calls.regenerateSitemap.path,
    admins,
    ...endpoint(calls.regenerateSitemap, async (c) => {
      const urls = await admin.regenerateSitemap(ctxOf(c))
      return reply(c, calls.regenerateSitemap, { urls }, { message: 'admin.sitemap.regenerated', params: { n: urls } })
    }),
  )
  .on(
    calls.updateImageUsingUnsplash.method,
    calls.updateImageUsingUnsplash.path,
    editors,
    ...endpoint(calls.updateImageUsingUnsplash, async (c, f) =>
      reply(
        c,
        calls.updateImageUsingUnsplash,
        { image_cover: await admin.imageFromUnsplash(ctxOf(c), f.id) },
        { message: 'admin.posts.unsplash_done' },
      ),
    ),
  )
  .on(
    calls.aiForPost.method,
    calls.aiForPost.path,
    editors,
    ...endpoint(calls.aiForPost, async (c, q) =>
      reply(c, calls.aiForPost, {
        response: await admin.aiForPost(ctxOf(c), c.req.param('target') ?? '', q.post_id, q.prompt),
      }),
    ),
  )
  // Uploads (contract/admin.files.ts): files are content, so publishers upload too.
  .on(
    fileCalls.startUpload.method,
    fileCalls.startUpload.path,
    editors,
    ...endpoint(fileCalls.startUpload, async (c, f) =>
      reply(c, fileCalls.startUpload, { upload: await files.start(ctxOf(c), f) }),
    ),
  )
  .on(
    fileCalls.uploadPart.method,
    fileCalls.uploadPart.path,
    editors,
    ...endpoint(fileCalls.uploadPart, async (c, f) =>
      reply(c, fileCalls.uploadPart, { part: await files.part(ctxOf(c), f) }),
    ),
  )
  .on(
    fileCalls.completeUpload.method,
    fileCalls.completeUpload.path,
    editors,
    ...endpoint(fileCalls.completeUpload, async (c, f) =>
      reply(
        c,
        fileCalls.completeUpload,
        { file: await files.complete(ctxOf(c), f) },
        { status: 201, message: 'admin.messages.file_created' },
      ),
    ),
  )
  .on(
    fileCalls.abortUpload.method,
    fileCalls.abortUpload.path,
    editors,
    ...endpoint(fileCalls.abortUpload, async (c, f) => {
      await files.abort(ctxOf(c), f.key, f.upload_id)
      return reply(c, fileCalls.abortUpload, {})
    }),
  )
  .on(
    fileCalls.deleteFile.method,
    fileCalls.deleteFile.path,
    editors,
    ...endpoint(fileCalls.deleteFile, async (c, f) => {
      await files.remove(ctxOf(c), f.id)
      return reply(c, fileCalls.deleteFile, {}, { message: 'admin.messages.file_deleted' })
    }),
  )
