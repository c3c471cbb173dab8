import type { MessageKey } from '#shared/i18n/index'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/**
 * Domain code throws an AppError with a code and knows nothing of HTTP (CONVENTIONS 6);
 * `onError` maps the code to a status and the message key to the request's language.
 */
export const ERROR_CODES = {
  unauthenticated: { status: 401, message: 'errors.unauthenticated' },
  invalid_credentials: { status: 401, message: 'errors.invalid_credentials' },
  session_expired: { status: 401, message: 'errors.session_expired' },
  unauthorized: { status: 403, message: 'errors.unauthorized' },
  no_privileges: { status: 403, message: 'errors.no_privileges' },
  invalid_captcha: { status: 403, message: 'errors.invalid_captcha' },
  /** Sign-in of an account with many recent failures: solve the captcha and send again (issue 14). */
  captcha_required: { status: 403, message: 'errors.captcha_required' },
  subscriptions_mobile: { status: 403, message: 'errors.subscriptions_mobile' },
  not_found: { status: 404, message: 'errors.not_found' },
  conflict: { status: 409, message: 'errors.conflict' },
  bad_request: { status: 400, message: 'errors.invalid_request' },
  validation: { status: 422, message: 'errors.validation' },
  payload_too_large: { status: 413, message: 'errors.payload_too_large' },
  unsupported_media_type: { status: 415, message: 'errors.unsupported_media_type' },
  rate_limited: { status: 429, message: 'errors.rate_limited' },
  payment_problem: { status: 402, message: 'errors.payment_problem' },
  internal: { status: 500, message: 'errors.something_went_wrong' },
  unavailable: { status: 503, message: 'errors.generic' },
} as const satisfies Record<string, { status: ContentfulStatusCode; message: MessageKey }>

export type ErrorCode = keyof typeof ERROR_CODES

export interface AppErrorOptions {
  /** A more precise message key than the code's own (e.g. 'errors.route_in_plan' for a conflict). */
  message?: MessageKey
  params?: Record<string, unknown>
  /** Field errors as message keys (or already-translated text), keyed by field name. */
  fields?: Record<string, string[]>
  /** Extra payload merged into the envelope (e.g. retry_at). */
  extra?: Record<string, unknown>
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly options: AppErrorOptions = {},
  ) {
    super(options.message ?? code)
    this.name = 'AppError'
  }

  get status(): ContentfulStatusCode {
    return ERROR_CODES[this.code].status
  }
}
