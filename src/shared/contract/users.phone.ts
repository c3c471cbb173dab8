// The two Users calls whose forms carry a phone (SPEC §5): register and the profile update.
// Apart from users.ts because the phone check needs libphonenumber's metadata, which only the
// pages with these forms should download.
import { getCountries, isValidPhoneNumber, type CountryCode } from 'libphonenumber-js'
import { z } from './zod'
import { PLAN_CATEGORIES } from '#shared/enums'
import { post } from './call'
import { envelope, languageSchema } from './common'
import { bool01, emailField, line, paragraph, timezoneField } from './fields'
import {
  authResponse,
  captchaFields,
  nameField,
  notificationSettingsFields,
  passwordField,
  sessionUserSchema,
  userSchema,
} from './users'

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

// ── Requests ─────────────────────────────────────────────────────────────────────────────────

/** POST /v1/user. The landing forms send no password, and maybe no name (SPEC §2). */
export const registerRequest = z.object({
  email: emailField,
  name: nameField.optional(),
  password: passwordField.optional(),
  legal_age: bool01.refine((v) => v, { error: 'accounts.errors.legal_age' }),
  consent_text: paragraph(2000).optional(),
  consent_version: line(40).optional(),
  /** 'landing_kit' on the insomnia landing ('I am an adult and accept receiving the kit...'). */
  consent_kind: z.enum(['registration', 'landing_kit']).optional(),
  language: languageSchema.optional(),
  /** The landing's category (SPEC §9 utm category): its plan is assigned (issue 7 §4). */
  category: z.enum(PLAN_CATEGORIES, { error: 'validation.choice' }).optional(),
  country_code: countryField.optional(),
  phone: phoneField.optional(),
  timezone: timezoneField.optional(),
  remember: bool01.optional(),
  ...captchaFields,
})
export type RegisterRequest = z.infer<typeof registerRequest>

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
  ...notificationSettingsFields,
  ...captchaFields,
})
export type UpdateRequest = z.infer<typeof updateRequest>

// ── Calls ────────────────────────────────────────────────────────────────────────────────────

export const register = post('/user', registerRequest, authResponse, {
  status: 201,
  message: 'accounts.messages.welcome',
})
/** After an update: a new token only when the password changed (every other session ended). */
export const updateProfile = post(
  '/user/update',
  updateRequest,
  envelope({ user: z.union([sessionUserSchema, userSchema]) }),
)

export const usersPhoneCalls = [register, updateProfile] as const
