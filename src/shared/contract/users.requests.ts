// Requests of the /v1 Users calls (SPEC §7 "Users", issue 3), validated on the server through
// http/validate.ts `v()` (which first drops empty values). Kept apart from the response shapes
// in users.ts so a page that only reads answers does not bundle the phone metadata.
import { getCountries, isValidPhoneNumber, type CountryCode } from 'libphonenumber-js'
import { z } from 'zod'
import { languageSchema } from './common'
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './users'

// ── Field pieces ─────────────────────────────────────────────────────────────────────────────

const bool01 = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false'], { error: 'validation.boolean' })])
  .transform((v) => v === true || v === '1' || v === 'true')
const int = () =>
  z.coerce.number({ error: (iss) => (iss.code === 'invalid_type' ? 'validation.number' : undefined) }).int({ error: 'validation.integer' })

export const emailField = z.string().trim().toLowerCase().max(254).pipe(z.email({ error: 'validation.email' }))
export const passwordField = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX)
export const nameField = z.string().trim().min(1).max(NAME_MAX)

let countries: Set<string> | null = null
export const isCountryCode = (v: string): v is CountryCode => (countries ??= new Set<string>(getCountries())).has(v)
export const countryField = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCountryCode, { error: 'accounts.errors.country_invalid' })

/** SPEC §5: valid, with the country code (a plus sign, the code, then the number). Stored as E.164. */
export function isValidPhone(v: string): boolean {
  const s = v.trim()
  return s.startsWith('+') && /^[+\d\s().-]{4,32}$/.test(s) && isValidPhoneNumber(s)
}
export const phoneField = z.string().trim().max(32).refine(isValidPhone, { error: 'errors.phone_invalid' })

const captchaFields = {
  captcha_token: z.string().optional(),
  'cf-turnstile-response': z.string().optional(),
}

// ── Requests ─────────────────────────────────────────────────────────────────────────────────

/** POST /v1/user. The landing forms send no password, and maybe no name (SPEC §2). */
export const registerRequest = z.object({
  email: emailField,
  name: nameField.optional(),
  password: passwordField.optional(),
  legal_age: bool01.refine((v) => v, { error: 'accounts.errors.legal_age' }),
  consent_text: z.string().trim().max(2000).optional(),
  consent_version: z.string().trim().max(40).optional(),
  /** 'landing_kit' on the insomnia landing ('I am an adult and accept receiving the kit...'). */
  consent_kind: z.enum(['registration', 'landing_kit']).optional(),
  language: languageSchema.optional(),
  country_code: countryField.optional(),
  phone: phoneField.optional(),
  timezone: z.string().trim().max(64).optional(),
  remember: bool01.optional(),
  ...captchaFields,
})
export type RegisterRequest = z.infer<typeof registerRequest>

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
    user_id: int().min(1).optional(),
    authorization: z.string().max(200).optional(),
    remember: bool01.optional(),
    // A first Google/Apple sign-in creates the account: it needs the legal-age confirmation.
    legal_age: bool01.optional(),
    consent_text: z.string().trim().max(2000).optional(),
    consent_version: z.string().trim().max(40).optional(),
    name: nameField.optional(),
    language: languageSchema.optional(),
    ...captchaFields,
  })
  .superRefine((v, ctx) => {
    const methods = [v.email !== undefined || v.password !== undefined, !!v.google_id_token, !!v.apple_id_token, v.user_id !== undefined || v.authorization !== undefined]
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
      if (v.authorization === undefined) ctx.addIssue({ code: 'custom', path: ['authorization'], message: 'validation.required' })
    }
  })
export type AuthenticateRequest = z.infer<typeof authenticateRequest>

/**
 * POST /v1/user/update (SPEC §5 profile fields). Only these fields are read: any other
 * (role, credits, subscriber, email, token, id...) is dropped by the schema and never applied
 * (no mass assignment), while a client that sends its whole user object still saves the profile.
 * A blank password is dropped before this schema and so changes nothing.
 */
export const updateRequest = z.object({
  name: nameField.optional(),
  country_code: countryField.optional(),
  phone: phoneField.optional(),
  language: languageSchema.optional(),
  password: passwordField.optional(),
  current_password: z.string().max(1024).optional(),
  timezone: z.string().trim().max(64).optional(),
  is_a_email_reader: bool01.optional(),
  perfect_time_to_send_notifications: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.invalid' })
    .optional(),
  ...captchaFields,
})
export type UpdateRequest = z.infer<typeof updateRequest>

export const recoverRequest = z.object({ email: emailField, ...captchaFields })

/** DELETE /v1/user: yourself, or (admins only) the user `id`. */
export const deleteRequest = z.object({ id: int().min(1).optional(), ...captchaFields })

/** DELETE /v1/user/notifications/delete: yourself, or the signed link of a notification email. */
export const disableNotificationsRequest = z.object({
  user_id: int().min(1).optional(),
  signature: z.string().max(200).optional(),
})
