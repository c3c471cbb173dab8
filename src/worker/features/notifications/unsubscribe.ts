// The signed link in notification and welcome mail to the disable-notifications page (SPEC §2).
// Its own module, not accounts.service: the notification cron builds it too, and importing users
// from notifications closed the cycle users → plans → engagement → notifications → users.
import { type Locale } from '#shared/i18n/index'
import type { Env } from '#worker/env'
import { hmac, safeEqual, serverSecret } from '#worker/lib/crypto'
import { localizedHref } from '#client/app/pages.ts'

/** The signed link of notification mail to the disable-notifications page (SPEC §2). */
export async function notificationsLink(env: Env, base: string, userId: number, locale: Locale) {
  const signature = await hmac(serverSecret(env), `notifications:${userId}`)
  return `${base}${localizedHref(locale, 'disableNotifications')}?user_id=${userId}&signature=${signature}`
}

/** Whether `signature` is the one notificationsLink() gave this person. */
export async function checkNotificationsSignature(env: Env, userId: number, signature: string) {
  return safeEqual(signature, await hmac(serverSecret(env), `notifications:${userId}`))
}
