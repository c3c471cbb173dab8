// The /v1 Users calls (SPEC §7 "Users", issue 3): the answers, which the client checks with
// these schemas. The requests are in users.requests.ts (they carry the phone metadata).
import { z } from 'zod'
import { envelope, languageSchema, paginationSchema } from './common'

/** Password rules (issue 3 §3): at least 8 characters, up to 128 allowed. The common-password
 *  list is checked by the server (features/users/password.ts). */
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128
export const NAME_MAX = 100

// ── Responses ────────────────────────────────────────────────────────────────────────────────

/** Psychologist extras (SPEC §3). */
const psychologistFields = {
  psychologist_open_to_get_appointment: z.boolean(),
  specialist_in_symptoms: z.array(z.string()),
  specialized_in_the_category: z.string().nullable(),
  speaks_in: z.array(z.string()),
  nationality: z.string().nullable(),
  located_at: z.string().nullable(),
  degree: z.string().nullable(),
}

/** The caller's own user (SPEC §3 User). Never a password hash; the token only where noted. */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  language: languageSchema,
  app_language: languageSchema.nullable(),
  country_code: z.string().nullable(),
  timezone: z.string().nullable(),
  role: z.number().int(),
  subscriber: z.boolean(),
  /** Balance in dollars (SPEC §3 "credits (shown with a $ sign)"); the ledger keeps cents. */
  credits: z.number(),
  google_id: z.string().nullable(),
  apple_id: z.string().nullable(),
  has_password: z.boolean(),
  notification_channels: z.array(z.string()),
  perfect_time_to_send_notifications: z.string().nullable(),
  is_a_email_reader: z.boolean(),
  notifications_disabled: z.boolean(),
  preferred_psychologist: z.number().int().nullable(),
  free_access_until: z.string().nullable(),
  access_expired: z.boolean(),
  created_at: z.string(),
  ...psychologistFields,
})
export type UserDto = z.infer<typeof userSchema>

/** The user as sign-in answers it: with the caller's own token (SPEC §3 token, token_expires_at). */
export const sessionUserSchema = userSchema.extend({ token: z.string(), token_expires_at: z.string() })
export type SessionUserDto = z.infer<typeof sessionUserSchema>

/** A user as an admin lists them (GET /v1/users). */
export const adminUserSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  role: z.number().int(),
  subscriber: z.boolean(),
  language: languageSchema,
  country_code: z.string().nullable(),
  free_access_until: z.string().nullable(),
  created_at: z.string(),
})
export type AdminUserDto = z.infer<typeof adminUserSchema>

/** A psychologist as anyone may see them: no email, no phone. */
export const psychologistSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  timezone: z.string().nullable(),
  ...psychologistFields,
})
export type PsychologistDto = z.infer<typeof psychologistSchema>

export const permissionsSchema = z.object({
  can_schedule_appointments: z.boolean(),
  can_play_units: z.boolean(),
  is_subscriber: z.boolean(),
  is_admin: z.boolean(),
  is_psychologist: z.boolean(),
})

export const authResponse = envelope({ user: sessionUserSchema })
export const userResponse = envelope({ user: userSchema })
/** After an update: a new token only when the password changed (every other session ended). */
export const updateResponse = envelope({ user: z.union([sessionUserSchema, userSchema]) })
export const usersResponse = envelope({ users: z.array(adminUserSchema), pagination: paginationSchema })
export const psychologistsResponse = envelope({ psychologists: z.array(psychologistSchema), pagination: paginationSchema })
export const permissionsResponse = envelope({ permissions: permissionsSchema })
export const messageResponse = envelope({})
export const exportResponse = envelope({ export: z.record(z.string(), z.unknown()) })

/** One country of the profile's select (SPEC §3 "Country list entry"). */
export interface CountryOption {
  country_code: string
  name: string
  flag: string
  phone_code: string
}
