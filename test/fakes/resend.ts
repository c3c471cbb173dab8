// A fake of Resend's sending API (POST /emails, POST /emails/batch) that keeps the provider's
// documented contract, so that "sent once" is counted where the person would see it (DESIGN §7:
// the provider is faked at fetch and nowhere else; docs/decisions/040-mail-as-the-provider-works.md).
// Used by the vitest files (through a fetch spy) and by `npm run bench:scale` (an HTTP server,
// loaded with tsx). Plain TypeScript with no runtime imports: it runs in workerd and in Node.
//
// What it follows, and where it is written (read with the search tool, 2026):
// - One `Idempotency-Key` header per request, 1-256 characters (else 400 invalid_idempotency_key),
//   kept 24 hours; the same key with the same payload answers the first answer again without
//   sending ("our API will give the same response, without actually sending the email again");
//   with another payload 409 invalid_idempotent_request ("this idempotency key has already been
//   used on a request that had a different payload"); while the first request with the key is
//   still in progress 409 concurrent_idempotent_requests. Both endpoints take it.
//   resend.com/docs/dashboard/emails/idempotency-keys, resend.com/changelog/batch-idempotency-keys,
//   resend.com/docs/api-reference/errors. Which requests leave their key behind: the docs tie the
//   key to the request being processed ("ensure that the same email request is processed only
//   once") and answered ("the same response"), and a permissive batch "processes all emails"
//   (resend.com/docs/dashboard/emails/batch-validation-modes). So a request answered 200 keeps
//   its key, a permissive batch whose every mail was refused included (the same key with another
//   payload is then a 409); a request refused whole (authentication, rate limit, quota, the
//   sender's domain, the shape, strict validation) was not processed and leaves nothing.
// - The batch endpoint takes up to 100 mails; `attachments` "are not supported" and are dropped,
//   the mail going out without them (resend.com/docs/dashboard/emails/batch-sending#limitations;
//   resend-node's CreateBatchEmailOptions omits only `attachments` since d8ffa8b, 2026-07-15,
//   "support tags and scheduledAt in batch email options"; seen by users: resend/resend-node#409,
//   resend/resend-go#32, the fix of utopia-php/messaging#120). `scheduled_at` is taken. The fake
//   records what it dropped.
// - Validation (resend.com/changelog/batch-validation-modes, /docs/dashboard/emails/batch-validation-
//   modes): by default (`strict`) one invalid mail refuses the whole batch, with only that error and
//   no index (resend-rust's BatchValidation docs); with the header `x-batch-validation: permissive`
//   the valid mails are sent and the invalid ones answered in `errors: [{ index, message }]`
//   (resend-node's CreateBatchSuccessResponse), "the batch contains more than 100 emails" being one
//   such error: past the 100th, each mail is answered as refused.
// - Rate limit: 2 requests a second per team by default, across its API keys (raised on request;
//   later versions of the page say 5, then 10: the fake keeps the strictest, and the app's
//   EMAIL_RATE_PER_SECOND is set to the team's actual limit);
//   every answer carries `ratelimit-limit`, `ratelimit-policy` ("2;w=1", as resend-node's recorded
//   answers show), `ratelimit-remaining` and `ratelimit-reset`; past it 429 rate_limit_exceeded with
//   `retry-after` (resend.com/docs/api-reference/rate-limit). One fake is one team.
// - Quotas (resend.com/docs/api-reference/rate-limit "Email Quotas", /docs/knowledge-base/account-
//   quotas-and-limits): when given, a daily and a monthly number of emails, each recipient counting
//   as one; the Free plan's are 100 a day (reset at 00:00 UTC) and 3,000 a month. A sending request
//   that would pass one is refused whole with 429 daily_quota_exceeded ("You have exceeded your daily
//   email sending quota.", the errors page's message) or monthly_quota_exceeded, names that resend-node's RESEND_ERROR_CODE_KEY
//   and resend-rust's ErrorKind carry from the errors page; answers carry `x-resend-daily-quota`
//   (with a daily quota) and `x-resend-monthly-quota`: the emails sent so far in the day and month.
// - Errors are `{ statusCode, message, name }` (resend.com/docs/api-reference/errors; the body of
//   resend-node's recorded 422 answers): missing_api_key 401, an unknown key 401 validation_error
//   "API key is invalid" (as recorded answers in other projects' tests show it; the errors page now
//   lists invalid_api_key 403: the app reads both as a 4xx of the whole call), validation_error 400, a sender whose domain the team has not verified
//   403 validation_error ("The <domain> domain is not verified. Please, add and verify your domain
//   on https://resend.com/domains"; the knowledge base's 403-error-domain-mismatch), attachments
//   over 40 MB a mail after Base64 encoding 400 validation_error (resend-node's CreateEmailOptions:
//   "max 40mb per email"), missing_required_field 422, invalid_attachment 422, not_found 404,
//   method_not_allowed 405, the idempotency errors above, the 429s above, and application_error
//   500 "An unexpected error occurred." (the errors page's current name for a 500; older answers
//   said internal_server_error, and the app reads both as "may have been taken").
//
// Faults are the outside world's, not the API's, and come only from the `fault` option: 503 before
// anything is read ('unavailable'), a request accepted and sent whose answer never arrives ('lost'),
// and one accepted and sent then answered 500 ('error-after-accept').

export type Fault = 'none' | 'unavailable' | 'lost' | 'error-after-accept'
export type Endpoint = '/emails' | '/emails/batch'

export interface FakeResendOptions {
  /** The team's API key; any other bearer is refused. */
  apiKey: string
  /** Requests a second the team may make (Resend's default: 2). */
  ratePerSecond?: number
  /** The provider's clock (ms). */
  now?: () => number
  /** An outside failure for this call (default: none). */
  fault?: (call: { n: number; endpoint: Endpoint; key: string | null; mails: number }) => Fault
  /** How long the provider takes to accept a request (ms); the key is "in progress" meanwhile. */
  latencyMs?: number
  /** Keep each delivered mail's body and attachment contents (false: a bench's 100,000 mails). */
  keepBodies?: boolean
  /** The team's verified sending domains (default: every domain is). */
  domains?: string[]
  /** Emails the team may send a day (UTC) and a month (the Free plan: 100 and 3,000; default: no quota). */
  dailyQuota?: number
  monthlyQuota?: number
}

export interface DeliveredMail {
  id: string
  endpoint: Endpoint
  key: string | null
  from: string
  to: string[]
  subject: string
  html: string | null
  text: string | null
  headers: Record<string, string>
  attachments: { filename: string; content: string; content_type?: string }[]
  /** When it is to go out (`scheduled_at`, as given), or null: now. */
  scheduledAt: string | null
  /** Fields the batch endpoint does not support and dropped from this mail. */
  dropped: string[]
  at: number
}

export interface ProviderCall {
  n: number
  endpoint: string
  key: string | null
  validation: string | null
  status: number
  /** Mails in the request (a batch's length, 1 for /emails). */
  mails: number
  /** Answered from the idempotency record: nothing was sent. */
  replayed: boolean
  fault: Fault
  at: number
}

interface KeyRecord {
  fingerprint: string
  state: 'in_progress' | 'done'
  status: number
  body: unknown
  at: number
}

const DAY_MS = 24 * 3_600_000
/** Attachments of one mail, after Base64 encoding. */
const ATTACHMENTS_MAX = 40 * 1024 * 1024
const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;.]+(\.[^\s@<>",;.]+)+$/
const NAMED = /^[^<>]*<([^<>]+)>$/
const FORMAT = 'needs to follow the `email@example.com` or `Name <email@example.com>` format.'

function addressOf(value: string): string | null {
  const v = value.trim()
  const named = NAMED.exec(v)
  const address = named ? named[1]!.trim() : v
  return ADDRESS.test(address) ? address : null
}

/** SHA-256 of the canonical JSON (keys sorted): the payload a key is bound to. */
async function fingerprint(value: unknown): Promise<string> {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort)
    if (v === null || typeof v !== 'object') return v
    const out: Record<string, unknown> = Object.create(null)
    for (const k of Object.keys(v as object).sort()) out[k] = sort((v as Record<string, unknown>)[k])
    return out
  }
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(sort(value))))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

class Refusal {
  constructor(
    readonly status: number,
    readonly name: string,
    readonly message: string,
  ) {}
}

/** One mail's documented checks; answers the refusal or null. */
function checkMail(mail: unknown, endpoint: Endpoint): Refusal | null {
  if (!mail || typeof mail !== 'object' || Array.isArray(mail))
    return new Refusal(400, 'validation_error', 'The email must be an object.')
  const m = mail as Record<string, unknown>
  for (const field of ['from', 'to', 'subject'])
    if (m[field] === undefined || m[field] === null || m[field] === '')
      return new Refusal(422, 'missing_required_field', `Missing \`${field}\` field.`)
  if (typeof m.from !== 'string' || !addressOf(m.from))
    return new Refusal(400, 'validation_error', `Invalid \`from\` field. The email address ${FORMAT}`)
  const to = typeof m.to === 'string' ? [m.to] : m.to
  if (!Array.isArray(to) || to.length === 0) return new Refusal(422, 'missing_required_field', 'Missing `to` field.')
  if (to.length > 50) return new Refusal(400, 'validation_error', 'Too many recipients in `to`: the maximum is 50.')
  if (to.some((a) => typeof a !== 'string' || !addressOf(a)))
    return new Refusal(400, 'validation_error', `Invalid \`to\` field. The email address ${FORMAT}`)
  if (typeof m.subject !== 'string')
    return new Refusal(400, 'validation_error', 'The `subject` field must be a string.')
  if (m.headers !== undefined && (typeof m.headers !== 'object' || m.headers === null || Array.isArray(m.headers)))
    return new Refusal(400, 'validation_error', 'The `headers` field must be an object.')
  if (endpoint === '/emails' && m.attachments !== undefined) {
    if (!Array.isArray(m.attachments))
      return new Refusal(400, 'validation_error', 'The `attachments` field must be an array.')
    for (const a of m.attachments as Record<string, unknown>[])
      if (!a || (typeof a.content !== 'string' && typeof a.path !== 'string'))
        return new Refusal(422, 'invalid_attachment', 'Attachment must have either a `content` or `path`.')
    const size = (m.attachments as { content?: unknown }[]).reduce(
      (n, a) => n + (typeof a.content === 'string' ? a.content.length : 0),
      0,
    )
    if (size > ATTACHMENTS_MAX)
      return new Refusal(400, 'validation_error', 'Attachments can’t exceed 40 MB per email after Base64 encoding.')
  }
  return null
}

/** The domain of a mail's sender, lower case, or null. */
function senderDomain(mail: unknown): string | null {
  const from = mail && typeof mail === 'object' ? (mail as { from?: unknown }).from : null
  const address = typeof from === 'string' ? addressOf(from) : null
  return address ? address.slice(address.lastIndexOf('@') + 1).toLowerCase() : null
}

/** How many emails a mail counts for in the quotas: each recipient is one. */
function recipients(mail: unknown): number {
  if (!mail || typeof mail !== 'object') return 0
  const m = mail as Record<string, unknown>
  const count = (v: unknown) => (Array.isArray(v) ? v.length : typeof v === 'string' ? 1 : 0)
  return count(m.to) + count(m.cc) + count(m.bcc)
}

export function createFakeResend(options: FakeResendOptions) {
  const rate = options.ratePerSecond ?? 2
  const now = options.now ?? (() => Date.now())
  const keys = new Map<string, KeyRecord>()
  const window: number[] = []
  const inbox: DeliveredMail[] = []
  const calls: ProviderCall[] = []
  let seq = 0

  const json = (status: number, body: unknown, headers: Record<string, string>) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })
  const refuse = (r: Refusal, headers: Record<string, string> = {}) =>
    json(r.status, { statusCode: r.status, message: r.message, name: r.name }, headers)

  /** The team's window: at most `rate` requests in any second. Answers the headers, or null past it. */
  function admit(t: number): { ok: boolean; headers: Record<string, string> } {
    while (window.length && window[0]! <= t - 1000) window.shift()
    const reset = (from: number) => String(Math.max(1, Math.ceil((from + 1000 - t) / 1000)))
    const base = { 'ratelimit-limit': String(rate), 'ratelimit-policy': `${rate};w=1` }
    if (window.length >= rate) {
      const wait = reset(window[0]!)
      return {
        ok: false,
        headers: { ...base, 'ratelimit-remaining': '0', 'ratelimit-reset': wait, 'retry-after': wait },
      }
    }
    window.push(t)
    return {
      ok: true,
      headers: { ...base, 'ratelimit-remaining': String(rate - window.length), 'ratelimit-reset': reset(window[0]!) },
    }
  }

  /** Emails sent in the day and the month of `t` (UTC): what the quotas count and the headers say. */
  function usage(t: number) {
    const d = new Date(t)
    const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
    const month = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)
    let today = 0
    let thisMonth = 0
    for (const m of inbox) {
      const n = m.to.length
      if (m.at >= month) thisMonth += n
      if (m.at >= day) today += n
    }
    return { today, thisMonth }
  }
  const quotas = options.dailyQuota !== undefined || options.monthlyQuota !== undefined
  const quotaHeaders = (t: number): Record<string, string> => {
    if (!quotas) return {}
    const { today, thisMonth } = usage(t)
    return {
      ...(options.dailyQuota !== undefined ? { 'x-resend-daily-quota': String(today) } : {}),
      ...(options.monthlyQuota !== undefined ? { 'x-resend-monthly-quota': String(thisMonth) } : {}),
    }
  }
  /** The quota a request sending `n` emails at `t` would pass, or null. */
  function overQuota(t: number, n: number): Refusal | null {
    if (!quotas) return null
    const { today, thisMonth } = usage(t)
    if (options.dailyQuota !== undefined && today + n > options.dailyQuota)
      return new Refusal(429, 'daily_quota_exceeded', 'You have exceeded your daily email sending quota.')
    if (options.monthlyQuota !== undefined && thisMonth + n > options.monthlyQuota)
      return new Refusal(429, 'monthly_quota_exceeded', 'You have exceeded your monthly email sending quota.')
    return null
  }

  function deliver(endpoint: Endpoint, key: string | null, m: Record<string, unknown>, batch: boolean): string {
    const id = crypto.randomUUID()
    const dropped = batch ? ['attachments'].filter((f) => m[f] !== undefined) : []
    const keep = options.keepBodies ?? true
    const attachments = batch ? [] : ((m.attachments as DeliveredMail['attachments']) ?? [])
    const to = (typeof m.to === 'string' ? [m.to] : (m.to as string[])).map((a) => addressOf(a)!)
    inbox.push({
      id,
      endpoint,
      key,
      from: String(m.from),
      to,
      subject: String(m.subject),
      html: keep && typeof m.html === 'string' ? m.html : null,
      text: keep && typeof m.text === 'string' ? m.text : null,
      headers: (m.headers as Record<string, string>) ?? {},
      attachments: keep ? attachments : attachments.map((a) => ({ ...a, content: '' })),
      scheduledAt: typeof m.scheduled_at === 'string' ? m.scheduled_at : null,
      dropped,
      at: now(),
    })
    return id
  }

  /**
   * Answer one request as Resend would. 'lost' means the provider sent the mail and the answer
   * never arrived (a caller at fetch throws a network error; an HTTP server drops the socket).
   */
  async function handle(request: Request): Promise<Response | 'lost'> {
    const n = ++seq
    const at = now()
    const endpoint = new URL(request.url).pathname.replace(/\/+$/, '') as Endpoint
    const key = request.headers.get('idempotency-key')
    const validation = request.headers.get('x-batch-validation')
    const text = await request.text()
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      body = undefined
    }
    const mails = Array.isArray(body) ? body.length : 1
    const fault = options.fault?.({ n, endpoint, key, mails }) ?? 'none'
    const call: ProviderCall = { n, endpoint, key, validation, status: 0, mails, replayed: false, fault, at }
    calls.push(call)
    const answer = (res: Response | 'lost', status = res === 'lost' ? 200 : res.status) => {
      call.status = status
      return res
    }

    if (fault === 'unavailable')
      return answer(
        json(503, { statusCode: 503, message: 'API is temporarily unavailable.', name: 'service_unavailable' }, {}),
      )
    if (endpoint !== '/emails' && endpoint !== '/emails/batch')
      return answer(refuse(new Refusal(404, 'not_found', 'The requested endpoint does not exist.')))
    if (request.method !== 'POST')
      return answer(refuse(new Refusal(405, 'method_not_allowed', 'Method is not allowed for the requested path.')))
    const auth = request.headers.get('authorization') ?? ''
    if (!auth)
      return answer(refuse(new Refusal(401, 'missing_api_key', 'Missing API key in the authorization header.')))
    if (auth !== `Bearer ${options.apiKey}`)
      return answer(refuse(new Refusal(401, 'validation_error', 'API key is invalid.')))
    const limit = admit(at)
    if (!limit.ok)
      return answer(
        refuse(
          new Refusal(
            429,
            'rate_limit_exceeded',
            `Too many requests. You can only make ${rate} requests per second. See rate limit response headers for more information. Or contact support to increase rate limit.`,
          ),
          limit.headers,
        ),
      )
    const h = { ...limit.headers, ...quotaHeaders(at) }
    if (key !== null && (key.length < 1 || [...key].length > 256))
      return answer(refuse(new Refusal(400, 'invalid_idempotency_key', 'The key must be between 1-256 chars.'), h))
    if (body === undefined) return answer(refuse(new Refusal(400, 'validation_error', 'Invalid JSON body.'), h))

    // The idempotency record: per team, endpoint and key, for 24 hours.
    const slot = key === null ? null : `${endpoint} ${key}`
    const print = slot ? await fingerprint(body) : ''
    if (slot) {
      const seen = keys.get(slot)
      if (seen && at - seen.at < DAY_MS) {
        if (seen.state === 'in_progress')
          return answer(
            refuse(
              new Refusal(
                409,
                'concurrent_idempotent_requests',
                'Same idempotency key used while original request is still in progress.',
              ),
              h,
            ),
          )
        if (seen.fingerprint !== print)
          return answer(
            refuse(
              new Refusal(
                409,
                'invalid_idempotent_request',
                'Same idempotency key used with a different request payload.',
              ),
              h,
            ),
          )
        call.replayed = true
        return answer(json(seen.status, seen.body, h))
      }
      if (seen) keys.delete(slot)
    }

    // The sender's domain: one the team has not verified refuses the whole request.
    const unverified = options.domains
      ? (Array.isArray(body) ? body : [body])
          .map(senderDomain)
          .find((d) => d !== null && !options.domains!.map((x) => x.toLowerCase()).includes(d))
      : undefined
    if (unverified)
      return answer(
        refuse(
          new Refusal(
            403,
            'validation_error',
            `The ${unverified} domain is not verified. Please, add and verify your domain on https://resend.com/domains`,
          ),
          h,
        ),
      )

    let result: unknown
    if (endpoint === '/emails/batch') {
      if (!Array.isArray(body))
        return answer(refuse(new Refusal(400, 'validation_error', 'The batch must be an array of emails.'), h))
      const permissive = (validation ?? 'strict').toLowerCase() === 'permissive'
      if (body.length < 1 || (body.length > 100 && !permissive))
        return answer(refuse(new Refusal(400, 'validation_error', 'A batch holds 1 to 100 emails.'), h))
      const refusals = body.map((m, index) =>
        index >= 100
          ? new Refusal(400, 'validation_error', 'The batch contains more than 100 emails.')
          : checkMail(m, endpoint),
      )
      const first = refusals.find((r) => r !== null)
      if (first && !permissive) return answer(refuse(first, h))
      const quota = overQuota(
        at,
        body.reduce((n: number, m, i) => n + (refusals[i] ? 0 : recipients(m)), 0),
      )
      if (quota) return answer(refuse(quota, h))
      const record = slot ? { fingerprint: print, state: 'in_progress' as const, status: 0, body: null, at } : null
      if (slot) keys.set(slot, record!)
      if (options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs))
      const data: { id: string }[] = []
      const errors: { index: number; message: string }[] = []
      body.forEach((m, index) => {
        const r = refusals[index]
        if (r) errors.push({ index, message: r.message })
        else data.push({ id: deliver(endpoint, key, m as Record<string, unknown>, true) })
      })
      result = permissive ? { data, errors } : { data }
      if (slot) keys.set(slot, { ...record!, state: 'done', status: 200, body: result })
    } else {
      const refusal = checkMail(body, endpoint) ?? overQuota(at, recipients(body))
      if (refusal) return answer(refuse(refusal, h))
      const record = slot ? { fingerprint: print, state: 'in_progress' as const, status: 0, body: null, at } : null
      if (slot) keys.set(slot, record!)
      if (options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs))
      result = { id: deliver(endpoint, key, body as Record<string, unknown>, false) }
      if (slot) keys.set(slot, { ...record!, state: 'done', status: 200, body: result })
    }
    const sent = { ...h, ...quotaHeaders(at) }
    if (fault === 'lost') return answer('lost')
    if (fault === 'error-after-accept')
      return answer(
        json(500, { statusCode: 500, message: 'An unexpected error occurred.', name: 'application_error' }, sent),
      )
    return answer(json(200, result, sent))
  }

  /** How many mails reached each address. */
  const received = () => {
    const counts = new Map<string, number>()
    for (const m of inbox) for (const to of m.to) counts.set(to, (counts.get(to) ?? 0) + 1)
    return counts
  }

  return { handle, inbox, calls, received, keys }
}
