// The call-back request ('letstalk', SPEC §2, §3, §9): apart from forms.ts because its phone
// check needs libphonenumber's metadata, which only this page should download (as users.phone.ts).
import { z } from './zod'
import { LETSTALK_TIMES } from '#shared/enums'
import { post } from './call'
import { messageResponse } from './common'
import { emailField, timezoneField } from './fields'
import { captchaFields, countryOptionSchema, nameField } from './users'
import { phoneField } from './users.phone'

/** POST /v1/letstalk (SPEC §3 Call-back request: email, name, phone, preferred_time). */
export const letstalkRequest = z.object({
  email: emailField,
  name: nameField,
  /** SPEC §5: a plus sign, the country code, then the number; stored as E.164. */
  phone: phoneField,
  preferred_time: z.enum(LETSTALK_TIMES, { error: 'validation.choice' }),
  /** The zone the window is in (the browser's); the team calls at that local time. */
  timezone: timezoneField.optional(),
  ...captchaFields,
})
export type LetstalkRequest = z.output<typeof letstalkRequest>

export const sendLetstalk = post('/letstalk', letstalkRequest, messageResponse, {
  status: 201,
  message: 'forms.letstalk.thanks',
})

export const formsPhoneCalls = [sendLetstalk] as const

// ── Page data ────────────────────────────────────────────────────────────────────────────────

/**
 * /letstalk: the country list of the phone field, and what the signed-in caller's account
 * already knows (null for a visitor). With email, name and phone all known the form opens on
 * its last step (SPEC §2).
 */
export const letstalkPageData = z.object({
  countries: z.array(countryOptionSchema),
  prefill: z
    .object({
      email: z.string().nullable(),
      name: z.string().nullable(),
      phone: z.string().nullable(),
      country_code: z.string().nullable(),
    })
    .nullable(),
})
export type LetstalkPageData = z.infer<typeof letstalkPageData>
