// The numbers of SPEC §9, named once so both sides agree.
export const PAGE_SIZE = {
  default: 10,
  max: 100,
  categories: 100,
  footer: 3,
  routesSearch: 7,
  postsSearch: 5,
  symptoms: 3,
  blog: 5,
  landingCarousel: 18,
} as const

export const DELAYS_MS = {
  searchDebounce: 700,
  redirectAfterRegister: 3000,
  appointmentRedirect: 3000,
  planScroll: 1000,
  navHide: 1500,
  carousel: 2500,
  testimonials: 3000,
  notification: 5000,
  copyNotification: 3000,
} as const

export const NOTIFICATION_QUEUE_MAX = 10
export const HEADER_HIDE_PX = 50
export const STICKY_BUTTON_PX = 100
export const FREE_ACCESS_DAYS = 3
export const HIDDEN_NAV_HOURS = 24

export const COOLDOWNS_MS = {
  passwordRecovery: 30 * 60_000,
  contact: 60 * 60_000,
  refund: 7 * 24 * 60 * 60_000,
} as const

/** How long an isolate may reuse public, visitor-independent data (footer lists, the landing's carousel). */
export const PUBLIC_CACHE_TTL_MS = 60_000

/**
 * The largest request body of a /v1 call or a provider sign-in callback, in bytes: form fields
 * only, so 64 KiB is generous. A larger body answers 413 before any handler runs (docs/API.md
 * "Request size", src/worker/http/body.ts). A call that needs more (a future upload) is given
 * its own limit in BODY_LIMITS_BY_PATH.
 */
export const MAX_FORM_BODY_BYTES = 64 * 1024

/** Exact paths allowed a larger body than MAX_FORM_BODY_BYTES, e.g. `'/v1/file': 50 * 1024 * 1024`. */
export const BODY_LIMITS_BY_PATH: Readonly<Record<string, number>> = {
  /** An article's HTML body (MAX_POST_CONTENT_CHARS, up to 4 bytes a character in UTF-8, plus the other fields). */
  '/v1/post': 1024 * 1024,
  /** One part of an upload (UPLOAD_PART_BYTES, contract/admin.files.ts, 6 MiB) and its form fields. */
  '/v1/file/upload/part': 6 * 1024 * 1024 + 64 * 1024,
  /** Stripe's webhook: its events are documented up to 1 MiB (issue 20 §3). */
  '/hooks/stripe': 1024 * 1024,
}

/** The longest article body accepted (characters of HTML): a long read is ~60,000. */
export const MAX_POST_CONTENT_CHARS = 200_000

/** Appointments (issue 9; docs/API.md "Appointments"): SPEC §9 "a price of 45$ is shown". */
export const SESSION_PRICE_CENTS = 4500
/** SPEC §9: "monthly plan includes 4 sessions a month". */
export const INCLUDED_SESSIONS_PER_MONTH = 4
/** A guest who cancels at least this long before the start gets the credits back (the host: always). */
export const FREE_CANCEL_BEFORE_MS = 24 * 60 * 60 * 1000
/**
 * How many times a guest may move one session (issue 41 §4; decision 061): enough for a real
 * change of plans, not a way to send the host 40 mails. SPEC is silent; Cal.com caps reschedules too.
 */
export const MAX_MOVES = 3
/**
 * How far ahead a session can be booked (issue 20 §6; docs/API.md "Appointments"): slots are
 * listed for the guest's days from yesterday to today + this many days, and a booking must start
 * within this many days of now. Any other day or start answers 422 with a field error.
 */
export const BOOKING_HORIZON_DAYS = 90

/**
 * Realtime sockets (/ws/notifications, /ws/public/{locale}; docs/API.md "In the app, in real
 * time"). The client only sends `ping` every 25 s, answered by the runtime without waking the
 * channel (auto-response), so these bound what no honest client sends.
 */
export const REALTIME_LIMITS = {
  /** A larger message closes the socket with 1009 (message too big). */
  maxMessageBytes: 4 * 1024,
  /** More messages than this in one window (pings excluded) close the socket with 1008. */
  messagesPerWindow: 20,
  windowMs: 10_000,
  /** Open sockets of one signed-in person on one channel; one more is refused with 429. */
  socketsPerPerson: 5,
  /**
   * Open anonymous sockets from one address on one public channel; one more is refused with 429.
   * An IPv6 address counts by its /64 (what one subscriber is usually given), an IPv4 one by itself.
   */
  socketsPerAddress: 10,
  /**
   * A socket that has not pinged for this long is presumed gone (a tab killed, a phone that
   * changed networks): when a cap is reached such sockets are closed and their places reused, so
   * dead connections never lock a person out. Clients ping every 25 s; a hidden tab's timers may
   * run only once a minute, hence the margin.
   */
  quietAfterMs: 150_000,
  /**
   * A socket whose session ended is told so at once (SESSION_ENDED_MESSAGE) and closes itself
   * (the app's client does, at once); one still open this long after is closed by its channel.
   * Why the client closes, not the channel: docs/decisions/038 (the runtime keeps the TCP
   * connection of a channel-initiated close until the object goes idle, ~10 s).
   */
  endedGraceMs: 1_000,
  /**
   * How long a channel remembers the sessions that ended (a logout's session, or every session
   * of a person but those of their new password, or all of them after an erasure), refusing a
   * socket one of them opens: a location whose KV still holds the ended session (up to 60 s,
   * docs/decisions/038) would otherwise open one that lives until the session's expiry.
   */
  endedMemoryMs: 5 * 60_000,
} as const

/** Close codes of the realtime sockets besides the standard 1008 and 1009. */
export const SOCKET_CLOSE = {
  /** The session the socket was opened with ended (logout, password change, erasure, expiry, a new role). */
  sessionEnded: 4401,
} as const

/**
 * What a channel sends a socket whose session ended, before anything else can reach it: the
 * client closes the socket with SOCKET_CLOSE.sessionEnded on it (REALTIME_LIMITS.endedGraceMs).
 */
export const SESSION_ENDED_MESSAGE = '{"type":"session_ended"}'
