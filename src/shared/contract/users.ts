// The /v1 Users calls (SPEC §7 "Users", issue 3): requests, answers and the calls themselves.
// The two calls whose forms carry a phone (register, update) are in users.phone.ts, so a page
// that only signs in does not download the phone-number metadata (~30 KB).
import { z } from './zod'
import { del, get, post } from './call'
import { envelope, languageSchema, messageResponse } from './common'
import { bool01, emailField, int, line, paragraph, personName, searchField, timezoneField } from './fields'
import { listSchema, pageOf } from './list'

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
  /** The person's quiet hours ('HH:MM', local time on each device); both null: none (issue 42 §3). */
  quiet_from: z.string().nullable(),
  quiet_until: z.string().nullable(),
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
  // What the admin's form edits of a psychologist (issue 42 §9): shown as they are, so a save
  // neither blanks them nor closes an agenda the form showed unticked.
  psychologist_open_to_get_appointment: z.boolean(),
  nationality: z.string().nullable(),
  located_at: z.string().nullable(),
  degree: z.string().nullable(),
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

/** One country of the profile's select (SPEC §3 "Country list entry"). */
export const countryOptionSchema = z.object({
  country_code: z.string(),
  name: z.string(),
  flag: z.string(),
  phone_code: z.string(),
})
export type CountryOption = z.infer<typeof countryOptionSchema>

// ── Requests ─────────────────────────────────────────────────────────────────────────────────

export const passwordField = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX)
export const nameField = personName(NAME_MAX)

/** The captcha may come as a form field as well as the X-Captcha-Token header. */
export const captchaFields = {
  captcha_token: z.string().optional(),
  'cf-turnstile-response': z.string().optional(),
}

/**
 * POST /v1/user/authenticate: email and password, or a Google or Apple ID token, or the
 * temporary token of a link (`user_id` + `authorization`). SPEC §5: "Login requires email,
 * Google ID or Apple ID".
 */
export const authenticateRequest = z
  .object({
    email: emailField.optional(),
    // Never the password rules here: an old password that no longer meets them still signs in.
    password: z.string().max(1024).optional(),
    google_id_token: z.string().max(8192).optional(),
    apple_id_token: z.string().max(8192).optional(),
    /** The nonce the page put in the provider request (redirect flow), checked against the token. */
    nonce: z.string().max(200).optional(),
    user_id: int({ min: 1 }).optional(),
    authorization: z.string().max(200).optional(),
    remember: bool01.optional(),
    // A first Google/Apple sign-in creates the account: it needs the legal-age confirmation.
    legal_age: bool01.optional(),
    consent_text: paragraph(2000).optional(),
    consent_version: line(40).optional(),
    name: nameField.optional(),
    language: languageSchema.optional(),
    ...captchaFields,
  })
  .superRefine((v, ctx) => {
    const methods = [
      v.email !== undefined || v.password !== undefined,
      !!v.google_id_token,
      !!v.apple_id_token,
      v.user_id !== undefined || v.authorization !== undefined,
    ]
    if (methods.filter(Boolean).length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'accounts.errors.login_method' })
      return
    }
    if (methods[0]) {
      if (v.email === undefined) ctx.addIssue({ code: 'custom', path: ['email'], message: 'validation.required' })
      if (v.password === undefined) ctx.addIssue({ code: 'custom', path: ['password'], message: 'validation.required' })
    }
    if (methods[3]) {
      if (v.user_id === undefined) ctx.addIssue({ code: 'custom', path: ['user_id'], message: 'validation.required' })
      if (v.authorization === undefined)
        ctx.addIssue({ code: 'custom', path: ['authorization'], message: 'validation.required' })
    }
  })
export type AuthenticateRequest = z.infer<typeof authenticateRequest>

export const recoverRequest = z.object({ email: emailField, ...captchaFields })

/** DELETE /v1/user: yourself, or (admins only) the user `id`. */
export const deleteRequest = z.object({ id: int({ min: 1 }).optional(), ...captchaFields })

/** DELETE /v1/user/notifications/delete: yourself, or the signed link of a notification email. */
export const disableNotificationsRequest = z.object({
  user_id: int({ min: 1 }).optional(),
  signature: z.string().max(200).optional(),
})

const quietTime = z
  .string()
  .trim()
  .regex(/^(none|([01]\d|2[0-3]):[0-5]\d)$/, { error: 'validation.invalid' })

/** The notification settings of the profile (a part of POST /v1/user/update). */
export const notificationSettingsFields = {
  timezone: timezoneField.optional(),
  /** The channels a person receives notifications on (issue 11): `in_app`, `email` joined by `|`, or `none`. */
  notification_channels: z
    .string()
    .max(40)
    .regex(/^(none|(in_app|email|push)(\|(in_app|email|push)){0,2})$/, { error: 'validation.choice' })
    .transform((s) => (s === 'none' ? [] : [...new Set(s.split('|'))]))
    .optional(),
  is_a_email_reader: bool01.optional(),
  perfect_time_to_send_notifications: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.invalid' })
    .optional(),
  /**
   * The person's quiet hours (issue 42 §3): 'HH:MM' each, or `none` (no quiet hours). Sent
   * together; the pair is checked by the users service (both given, two different times).
   */
  quiet_from: quietTime.optional(),
  quiet_until: quietTime.optional(),
}

const empty = z.object({})

export const usersQuery = listSchema({
  filters: {
    search: searchField.optional(),
    role: int().optional(),
    subscriber: bool01.optional(),
  },
  orderBy: ['created_at', 'id', 'name', 'email'],
  defaultOrder: 'created_at desc',
})
export type UsersQuery = z.output<typeof usersQuery>

export const psychologistsQuery = listSchema({
  filters: {
    search: searchField.optional(),
    open: bool01.optional(),
    /** A symptom key among `specialist_in_symptoms` (e.g. anxiety, insomnia). */
    symptom: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9-]{1,40}$/, { error: 'validation.invalid' })
      .optional(),
    /** A language among `speaks_in`. */
    language: languageSchema.optional(),
  },
  orderBy: ['name', 'id'],
  defaultOrder: 'name asc',
})
export type PsychologistsQuery = z.output<typeof psychologistsQuery>

// ── Calls ────────────────────────────────────────────────────────────────────────────────────

export const authenticate = post('/user/authenticate', authenticateRequest, authResponse)
export const logout = post('/user/logout', empty, messageResponse, { message: 'accounts.messages.logged_out' })
/**
 * POST /v1/user/logout/all: sign-out everywhere (issue 41): every session of the caller ends,
 * this one included, and every push device goes (docs/decisions/060).
 */
export const logoutEverywhere = post('/user/logout/all', empty, messageResponse, {
  message: 'accounts.messages.logged_out_everywhere',
})
export const getMe = get('/user', empty, envelope({ user: userSchema }))
export const deleteUser = del('/user', deleteRequest, messageResponse)
export const recoverPassword = post('/user/recover/password', recoverRequest, messageResponse, {
  message: 'accounts.messages.recover_sent',
})
export const disableNotifications = del('/user/notifications/delete', disableNotificationsRequest, messageResponse, {
  message: 'accounts.messages.notifications_disabled',
})
export const getPermissions = get('/user/permissions', empty, envelope({ permissions: permissionsSchema }))
export const exportMyData = get('/user/export', empty, envelope({ export: z.record(z.string(), z.unknown()) }))
export const listUsers = get('/users', usersQuery, pageOf('users', adminUserSchema))
export const listPsychologists = get(
  '/users/psychologists',
  psychologistsQuery,
  pageOf('psychologists', psychologistSchema),
)

// ── Pages ────────────────────────────────────────────────────────────────────────────────────

/** /profile: the user, the countries of the select, and whether a recovery link opened it. */
export const profilePageData = z
  .object({
    user: userSchema,
    countries: z.array(countryOptionSchema),
    /** Signed in by a recovery link moments ago: the page asks for the new password first. */
    recovery: z.boolean(),
  })
  .nullable()
export type ProfilePageData = z.infer<typeof profilePageData>

export const usersCalls = [
  authenticate,
  logout,
  logoutEverywhere,
  getMe,
  deleteUser,
  recoverPassword,
  disableNotifications,
  getPermissions,
  exportMyData,
  listUsers,
  listPsychologists,
] as const
