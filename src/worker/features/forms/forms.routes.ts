import { Hono } from 'hono'
import { sendContact, sendFeedback, sendSuggestion } from '#shared/contract/forms'
import { sendLetstalk } from '#shared/contract/forms.phone'
import { ctxOf } from '#worker/context'
import type { AppEnv } from '#worker/env'
import { anyone } from '#worker/http/auth'
import { endpoint, reply } from '#worker/http/endpoint'
import * as forms from './forms.service'

/**
 * The public forms (SPEC §6: anonymous visitors may use contact, feedback and letstalk; the
 * route suggestion likewise). Every one needs a captcha token, checked before these handlers by
 * the app's captchaGate (http/captcha.ts CAPTCHA_PATHS), so a refusal stores nothing.
 */
export const formsRoutes = new Hono<AppEnv>()
  .on(
    sendContact.method,
    sendContact.path,
    anyone,
    ...endpoint(sendContact, async (c, input) => {
      await forms.sendContact(ctxOf(c), input)
      return reply(c, sendContact, {}, { status: 201, message: 'forms.contact.thanks' })
    }),
  )
  .on(
    sendLetstalk.method,
    sendLetstalk.path,
    anyone,
    ...endpoint(sendLetstalk, async (c, input) => {
      await forms.sendLetstalk(ctxOf(c), input)
      return reply(c, sendLetstalk, {}, { status: 201, message: 'forms.letstalk.thanks' })
    }),
  )
  .on(
    sendFeedback.method,
    sendFeedback.path,
    anyone,
    ...endpoint(sendFeedback, async (c, input) => {
      await forms.sendFeedback(ctxOf(c), input)
      return reply(c, sendFeedback, {}, { status: 201, message: 'forms.feedback.thanks' })
    }),
  )
  .on(
    sendSuggestion.method,
    sendSuggestion.path,
    anyone,
    ...endpoint(sendSuggestion, async (c, input) => {
      await forms.sendSuggestion(ctxOf(c), input)
      return reply(
        c,
        sendSuggestion,
        {},
        { status: 201, message: input.notify ? 'forms.suggestions.thanks_notify' : 'forms.suggestions.thanks' },
      )
    }),
  )
