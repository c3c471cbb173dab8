// The audit trail's action ("POST /v1/route", as worker/features/admin/audit.ts records it) to
// the key of its name in people's words (i18n/admin.actions.ts; issue 42 §9). A call without a
// name here is shown as recorded.
import type { en, entitiesEn } from '#shared/i18n/admin.actions'

type ActionKey = keyof typeof en

export const ACTIONS: ReadonlyMap<string, ActionKey> = new Map([
  ['POST /v1/route', 'route_save'],
  ['DELETE /v1/route', 'route_delete'],
  ['POST /v1/route/symptom/assign', 'route_symptom_assign'],
  ['DELETE /v1/route/symptom/unassign', 'route_symptom_unassign'],
  ['POST /v1/route/symptom/apply/primary', 'route_symptom_primary'],
  ['POST /v1/route/category', 'route_category_save'],
  ['DELETE /v1/route/category', 'route_category_delete'],
  ['POST /v1/post/category', 'post_category_save'],
  ['DELETE /v1/post/category', 'post_category_delete'],
  ['POST /v1/symptom', 'symptom_save'],
  ['DELETE /v1/symptom', 'symptom_delete'],
  ['POST /v1/post', 'post_save'],
  ['DELETE /v1/post', 'post_delete'],
  ['POST /v1/post/correlation', 'post_relate'],
  ['DELETE /v1/post/correlation', 'post_unrelate'],
  ['POST /v1/post/update_image_using_unsplash', 'post_unsplash'],
  ['POST /v1/plan', 'plan_save'],
  ['DELETE /v1/plan', 'plan_delete'],
  ['POST /v1/plan/setting', 'plan_setting'],
  ['POST /v1/plan/assign', 'plan_assign'],
  ['DELETE /v1/plan/assign', 'plan_unassign'],
  ['POST /v1/plan/route', 'plan_route_add'],
  ['DELETE /v1/plan/route', 'plan_route_remove'],
  ['POST /v1/unit', 'unit_save'],
  ['DELETE /v1/unit', 'unit_delete'],
  ['POST /v1/unit/move', 'unit_move'],
  ['POST /v1/admin/user', 'user_save'],
  ['POST /v1/admin/user/credits', 'user_credits'],
  ['POST /v1/file/upload/complete', 'file_upload'],
  ['DELETE /v1/file', 'file_delete'],
  ['POST /v1/route/property', 'property_save'],
  ['DELETE /v1/route/property', 'property_delete'],
  ['POST /v1/appointment/cancel', 'appointment_cancel'],
  ['POST /v1/appointment/close', 'appointment_close'],
  ['POST /v1/admin/sitemap', 'sitemap'],
  ['POST /v1/admin/restore', 'restore'],
  ['POST /v1/notification', 'notification_save'],
  ['POST /v1/notification/cancel', 'notification_cancel'],
  ['POST /v1/notifications/dead-mail/replay', 'notification_replay'],
  ['POST /v1/refund/approve', 'refund_approve'],
  ['POST /v1/refund/reject', 'refund_reject'],
] as [string, ActionKey][])

/** The message key of a recorded action's name, or null when it has none. */
export const actionKey = (action: unknown) => {
  const key = typeof action === 'string' ? ACTIONS.get(action) : undefined
  return key ? (`admin.actions.${key}` as const) : null
}

/** The message key of an audit row's entity in words, or null for one without a name. */
export const entityKey = (entity: unknown) =>
  typeof entity === 'string' && Object.hasOwn(ENTITIES, entity)
    ? (`admin.entities.${entity as keyof typeof entitiesEn}` as const)
    : null
/** The entities with a name (the keys of i18n/admin.actions.ts entitiesEn). */
const ENTITIES: Record<keyof typeof entitiesEn, true> = {
  route: true,
  route_category: true,
  post_category: true,
  symptom: true,
  post: true,
  plan: true,
  unit: true,
  user: true,
  file: true,
  property: true,
  appointment: true,
  notification: true,
  notification_cancel: true,
  admin_sitemap: true,
  refund_approve: true,
  refund_reject: true,
}
