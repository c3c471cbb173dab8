// Database rows → the /v1 contract shapes (CONVENTIONS 4: row types never reach the UI).
// Each shape is an allow-list: a column added to `users` later appears nowhere until it is
// written here, so a password hash or someone's email cannot leak by accident.
import type { AdminUserDto, PsychologistDto, SessionUserDto, UserDto } from '#shared/contract/users'
import { isLocale } from '#shared/i18n/index'
import type { User } from '#worker/db/schema'
import { isAccessExpired } from '#worker/identity/records'

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)
const lang = (v: string | null | undefined) => (isLocale(v) ? v : 'es')

function psychologistFields(u: User) {
  return {
    psychologist_open_to_get_appointment: u.psychologistOpenToGetAppointment,
    specialist_in_symptoms: u.specialistInSymptoms ?? [],
    specialized_in_the_category: u.specializedInTheCategory,
    speaks_in: u.speaksIn ?? [],
    nationality: u.nationality,
    located_at: u.locatedAt,
    degree: u.degree,
  }
}

/** The caller's own user. `creditsCents` is their ledger balance. */
export function toUserDto(u: User, creditsCents: number): UserDto {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    avatar: u.avatar,
    language: lang(u.language),
    app_language: isLocale(u.appLanguage) ? u.appLanguage : null,
    country_code: u.countryCode,
    timezone: u.timezone,
    role: u.role,
    subscriber: u.subscriber,
    credits: creditsCents / 100,
    google_id: u.googleId,
    apple_id: u.appleId,
    has_password: !!u.passwordHash,
    notification_channels: u.notificationChannels ?? [],
    perfect_time_to_send_notifications: u.perfectTimeToSendNotifications,
    is_a_email_reader: u.isAEmailReader,
    quiet_from: u.quietFrom,
    quiet_until: u.quietUntil,
    notifications_disabled: !!u.notificationsDisabledAt,
    preferred_psychologist: u.preferredPsychologistId,
    free_access_until: iso(u.freeAccessUntil),
    access_expired: isAccessExpired(u),
    created_at: u.createdAt.toISOString(),
    ...psychologistFields(u),
  }
}

/** The user as a sign-in answers it, with the caller's own new token. */
export function toSessionUserDto(
  u: User,
  creditsCents: number,
  session: { token: string; expiresAt: number },
): SessionUserDto {
  return {
    ...toUserDto(u, creditsCents),
    token: session.token,
    token_expires_at: new Date(session.expiresAt).toISOString(),
  }
}

/** For admins only (GET /v1/users): the one place another user's email is shown. */
export function toAdminUserDto(u: User): AdminUserDto {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    subscriber: u.subscriber,
    language: lang(u.language),
    country_code: u.countryCode,
    free_access_until: iso(u.freeAccessUntil),
    created_at: u.createdAt.toISOString(),
    psychologist_open_to_get_appointment: u.psychologistOpenToGetAppointment,
    nationality: u.nationality,
    located_at: u.locatedAt,
    degree: u.degree,
  }
}

/** A psychologist for anyone: no email, no phone, no ids of other services. */
export function toPsychologistDto(u: User): PsychologistDto {
  return { id: u.id, name: u.name, avatar: u.avatar, timezone: u.timezone, ...psychologistFields(u) }
}
