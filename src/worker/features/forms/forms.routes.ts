import { sendContact, sendFeedback, sendSuggestion } from '#shared/contract/forms'
import { sendLetstalk } from '#shared/contract/forms.phone'
import { anyone } from '#worker/http/auth'
import { answer, routes } from '#worker/http/mount'
import * as forms from './forms.service'

/**
 * The public forms (SPEC §6: anonymous visitors may use contact, feedback and letstalk; the
 * route suggestion likewise). Every one needs a captcha token, checked before these handlers by
 * the app's captchaGate (http/captcha.ts CAPTCHA_PATHS), so a refusal stores nothing.
 */
export const formsRoutes = routes((on) => {
  on(sendContact, anyone, async (input, ctx) => {
    await forms.sendContact(ctx, input)
  })
  on(sendLetstalk, anyone, async (input, ctx) => {
    await forms.sendLetstalk(ctx, input)
  })
  on(sendFeedback, anyone, async (input, ctx) => {
    await forms.sendFeedback(ctx, input)
  })
  on(sendSuggestion, anyone, async (input, ctx) => {
    await forms.sendSuggestion(ctx, input)
    if (input.notify) return answer({}, { message: 'forms.suggestions.thanks_notify' })
  })
})
