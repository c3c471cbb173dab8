// Malformed requests for any call (issue 14 §6), generated with fast-check from the call's own
// request schema: its field names (./shape.ts) and junk ones, filled with values people and
// attackers send — huge text, NUL and control characters, direction overrides, numbers in
// other notations, repeated keys, SQL-ish and path-ish text — on every wire form a client can
// use. Placeholders like {{patient_id}} are filled in when sent, with the people of the run.
import fc from 'fast-check'
import type { Call } from '#shared/contract/call'
import { pathParamsOf, wireNamesOf } from './shape'

// ── Values ──────────────────────────────────────────────────────────────────────────────────

/** A long text, kept as its unit and length so a failure report shows `"é"×16000`, not the text. */
export class Long {
  constructor(
    readonly unit: string,
    readonly times: number,
    readonly prefix = '',
  ) {}
  toString() {
    return this.prefix + this.unit.repeat(this.times)
  }
  [fc.toStringMethod]() {
    return `${this.prefix ? `${JSON.stringify(this.prefix)}+` : ''}${JSON.stringify(this.unit)}×${this.times}`
  }
}
export type Text = string | Long

export const PLACEHOLDERS = [
  '{{patient_id}}',
  '{{other_id}}',
  '{{patient_email}}',
  '{{other_email}}',
  '{{psychologist_id}}',
  '{{route_id}}',
  '{{route_slug}}',
  '{{unit_id}}',
  '{{symptom_id}}',
  '{{post_id}}',
  '{{post_slug}}',
  '{{new_slug}}',
] as const

const CONTROL = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\t',
  '\n',
  '\u000b',
  '\u000c',
  '\r',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009f',
]
const BIDI_AND_INVISIBLE = [
  '\u202e',
  '\u202a',
  '\u202d',
  '\u2066',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
  '\u200b',
  '\ufeff',
  '\u00ad',
  '\u2028',
  '\u2029',
]

const JUNK = [
  // empty and blank
  '',
  ' ',
  '   ',
  '\t',
  '\n',
  '\r\n',
  '\u00a0',
  '\u3000',
  // control characters, NUL, direction overrides
  '\u0000',
  'a\u0000b',
  '\u0000\u0000\u0000',
  '\u0007bell',
  '\u001b[31mred\u001b[0m',
  '\u007f',
  '\u0085',
  '\u009f',
  '\u202e',
  'evil\u202egpj.exe',
  'Ana\u202eanA',
  '\u200f\u200e',
  '\u2066x\u2069',
  '\ufeff',
  '\u200b',
  '\ufffd',
  '\ud800',
  '\udfff',
  '\ud83d',
  // words that are not values
  'true',
  'false',
  'TRUE',
  'yes',
  'on',
  'null',
  'NULL',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '[object Object]',
  '{}',
  '[]',
  '{"a":1}',
  '[1,2]',
  // numbers in every notation
  '0',
  '1',
  '2',
  '-1',
  '-0',
  '+1',
  '01',
  '007',
  '0x10',
  '0X1F',
  '0b1',
  '0o7',
  '1e3',
  '1E3',
  '1e-3',
  '1.5',
  '.5',
  '5.',
  ' 5',
  '5 ',
  '1 000',
  '1_000',
  '1,5',
  '١٢',
  '１２',
  '٣',
  '9999999999999999999',
  '-9999999999999999999',
  '999999999999999',
  '1000000000000000',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '18446744073709551616',
  '1e309',
  '0.1e1',
  // SQL-ish
  "' OR '1'='1",
  "' OR 1=1 --",
  '1; DROP TABLE users; --',
  '" OR ""="',
  "%' --",
  "1' UNION SELECT password_hash FROM users --",
  'id) --',
  '_',
  '%',
  '%%',
  '\\',
  "'",
  '"',
  '`',
  ';',
  '--',
  '/*',
  '*/',
  '?1',
  ':id',
  '$1',
  // path-ish and URL-ish
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '.',
  '..',
  '/',
  '//',
  '///',
  '//evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  'file:///etc/passwd',
  '%2e%2e%2f',
  '%2F%2F',
  '%00',
  '%zz',
  '%E0%A4%A',
  '%',
  '%%32%65',
  '/%09/evil',
  '\\\\evil',
  'a/b/c',
  'a?b=c',
  'a#b',
  'a&b=c',
  'a=b',
  // markup and templates
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '#{7*7}',
  '<%= 7*7 %>',
  // prototype names
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  // near-valid values of our fields
  'a|b|c',
  '|',
  '||||',
  'images|stats|units|createdBy|routes',
  'id desc',
  'id DESC',
  'title asc',
  'created_at',
  'password_hash',
  'id; drop',
  'order desc desc',
  'name asc, id',
  'es',
  'en',
  'fr',
  'ES',
  'es-ES',
  'Europe/Madrid',
  'europe/madrid',
  'Etc/GMT+99',
  'UTC',
  'Mars/Olympus',
  'America/Argentina/ComodRivadavia',
  '00:00',
  '23:59',
  '24:00',
  '9:30',
  '21:30:00',
  '-1:00',
  '+34612345678',
  '+34 612 34 56 78',
  '612345678',
  '+1',
  '++34612345678',
  'XX',
  'es',
  'zz',
  'registration',
  'landing_kit',
  'admin',
  'a@b',
  'a@b.c',
  'user@example.com',
  'USER@EXAMPLE.COM',
  ' user@example.com ',
  'user@@example.com',
  'user@example.com\u0000',
  '"quoted"@example.com',
  'x@[127.0.0.1]',
  'ünïcode@exämple.com',
  'XXXX.DUMMY.TOKEN.XXXX',
  'Calm-and-steady-42',
  'password',
  '12345678',
  // unicode
  'ℌ𝔢𝔩𝔩𝔬',
  '😀',
  '👨‍👩‍👧‍👦',
  'e\u0301',
  'Ω',
  'İ',
  'ß',
  '𝟘',
  '中文',
  'العربية',
  'עברית',
  'Zalgo: z̵̢̛a̷l̸g̴o̵',
]

const huge = fc
  .tuple(
    fc.constantFrom('a', 'é', '😀', '\u202e', '%', '\u0000', ' ', '|', 'ab\u0000', '\ud800', '<>', "'"),
    fc.integer({ min: 250, max: 16_000 }),
  )
  .map(([c, n]) => new Long(c, n))

/** One scalar value. */
const scalar: fc.Arbitrary<Text> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...JUNK) },
  { weight: 2, arbitrary: fc.constantFrom(...PLACEHOLDERS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  {
    weight: 2,
    arbitrary: fc.string({ unit: fc.constantFrom(...CONTROL, ...BIDI_AND_INVISIBLE, 'a', ' '), maxLength: 12 }),
  },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: huge },
)

/** A field's value: one text, several (the key repeated: `a=1&a=2`), or a file where a form can carry one. */
export type WireValue = Text | Text[] | { file: Text }
const value: fc.Arbitrary<WireValue> = fc.oneof(
  { weight: 8, arbitrary: scalar },
  { weight: 2, arbitrary: fc.array(scalar, { minLength: 2, maxLength: 4 }) },
  { weight: 1, arbitrary: scalar.map((file) => ({ file })) },
)

// ── Field names ─────────────────────────────────────────────────────────────────────────────

/** When a schema shows no object: the names our calls use most. */
const GENERIC_NAMES = [
  'id',
  'user_id',
  'email',
  'password',
  'name',
  'search',
  'page',
  'per_page',
  'order_by',
  'language',
  'slug',
  'token',
]

const JUNK_NAMES = [
  'id',
  'user_id',
  'role',
  'credits',
  'subscriber',
  'email',
  'token',
  'password_hash',
  'stripe_id',
  'is_admin',
  'free_access_until',
  'locale',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '__defineGetter__',
  'valueOf',
  'filters',
  'filters[]',
  'filters[search][]',
  'filters[__proto__]',
  'filters[constructor]',
  'filters[prototype]',
  'filters[][]',
  'filters[a][b]',
  'constructor[prototype][role]',
  'a[b][c]',
  'x[]',
  '[]',
  '[',
  ']',
  '[x]',
  '',
  ' ',
  'page[]',
  'per_page[]',
  'id[]',
  'email[]',
  'ñ',
  '😀',
  'a\u0000b',
  'a\u202eb',
  'x'.repeat(300),
  'captcha_token',
  'cf-turnstile-response',
  'with_properties',
  'with_relations',
  'with_relations_counts',
  'order_by',
]

/**
 * Names that walk into a prototype through SPEC §7's `group[name]` rule. They are sent to every
 * call by their own test in fuzz.test.ts (which restores the isolate after each request), not
 * mixed into the per-call runs: while a request can pollute Object.prototype, every later
 * answer of the isolate is unreliable and the per-call runs would report that, not their own.
 */
export const PROTOTYPE_NAMES = [
  '__proto__[harness_polluted]',
  '__proto__[role]',
  '__proto__[]',
  '__proto__[__proto__]',
  'constructor[prototype]',
  'prototype[harness_polluted]',
]

/** Values that pass a field's rules, so other fields' junk is what the server has to judge. */
const PLAUSIBLE: Record<string, string[]> = {
  email: ['{{patient_email}}', '{{other_email}}', 'nobody.here@example.com', 'fuzz.new@example.com'],
  password: ['Calm-and-steady-42', 'another-Good-pass-9'],
  current_password: ['Calm-and-steady-42'],
  name: ['Ana María', 'Zoë'],
  legal_age: ['1', 'true'],
  remember: ['0', '1'],
  language: ['es', 'en'],
  country_code: ['ES', 'mx'],
  phone: ['+34612345678'],
  timezone: ['Europe/Madrid', 'america/new_york'],
  perfect_time_to_send_notifications: ['21:30'],
  is_a_email_reader: ['0', '1'],
  quiet_from: ['22:00', 'none'],
  quiet_until: ['08:00', 'none'],
  consent_kind: ['registration', 'landing_kit'],
  consent_text: ['I accept.'],
  consent_version: ['2025-01'],
  id: ['{{patient_id}}', '{{other_id}}'],
  user_id: ['{{patient_id}}', '{{other_id}}'],
  authorization: ['x'.repeat(43)],
  signature: ['x'.repeat(43)],
  page: ['1', '2'],
  per_page: ['1', '5', '100', '1000'],
  order_by: ['id desc', 'title'],
  with_properties: ['images|stats'],
  with_relations: ['units|createdBy|routes'],
  search: ['calma', 'sueño'],
  captcha_token: ['XXXX.DUMMY.TOKEN.XXXX'],
  // content
  route_id: ['{{route_id}}', '1'],
  route: ['{{route_id}}', '{{route_slug}}'],
  unit_id: ['{{unit_id}}'],
  symptom_id: ['{{symptom_id}}'],
  post_id: ['{{post_id}}'],
  related_post_id: ['{{post_id}}', '1'],
  post: ['{{post_id}}', '{{post_slug}}'],
  slug: ['{{new_slug}}', '{{route_slug}}', '{{post_slug}}'],
  title: ['Harness title'],
  description: ['A description.'],
  content: ['<h2>One</h2><p>Text.</p>'],
  status: ['1', '2'],
  is_public: ['0', '1'],
  is_active: ['0', '1'],
  needs_appointment: ['0', '1'],
  index: ['0', '1'],
  category_id: ['0', '1'],
  order: ['0', '-5'],
  position: ['0', '30', '86400'],
  completed: ['0', '1'],
  published_at: ['2025-01-01', '2025-01-01T10:00:00Z'],
  tags: ['calm|sleep'],
  tag: ['calm'],
  author: ['Ana'],
  seo_title: ['SEO title'],
  seo_description: ['SEO description'],
  image_cover: ['/media/covers/x.jpg'],
  image_square: ['/media/covers/y.jpg'],
}

export interface FuzzInput {
  /** The fields, in order; a name may repeat. */
  fields: [string, WireValue][]
  /** Path parameters (`:id`), by name. */
  params: Record<string, string>
  /** How a body travels (GET: how the query is written). */
  encoding: Encoding
  /** Extra request headers, sent whoever calls. */
  headers: Record<string, Text>
  /** Credentials a visitor might send that open nothing. */
  visitorAuth: Record<string, Text>
}

export type Encoding =
  | 'query' // URLSearchParams
  | 'query-raw' // name=value joined as typed, nothing escaped but '&' and '#'
  | 'multipart' // FormData
  | 'urlencoded' // URLSearchParams body
  | 'urlencoded-raw' // name=value joined as typed (bad percent escapes included)
  | 'multipart-broken' // a multipart type with a body that is not multipart
  | 'form-empty' // a form type and no bytes
  | 'none' // no body at all
  | 'json' // not form data: 415
  | 'text' // not form data: 415
  | 'octets' // bytes with no type: 415

/** Encodings that are not form data: the /v1 answer is 415 before anything else. */
export const NOT_FORM: readonly Encoding[] = ['json', 'text', 'octets']

const ASCII_HEADER = (values: Text[]) => fc.constantFrom(...values)

const headers = fc.record(
  {
    locale: ASCII_HEADER(['es', 'en', 'fr', '', 'EN', new Long('x', 200), '../en']),
    'accept-language': ASCII_HEADER(['es-ES,es;q=0.9', 'en', '*', ';q=', 'xx-YY;q=abc', new Long('a', 500)]),
    timezone: ASCII_HEADER(['Europe/Madrid', 'Mars/Phobos', '', '../../etc', 'UTC']),
    'cf-connecting-ip': ASCII_HEADER(['203.0.113.7', '203.0.113.8', '2001:db8::1', 'not-an-ip', '']),
    origin: ASCII_HEADER(['http://localhost', 'null', 'https://evil.example']),
    'sec-fetch-site': ASCII_HEADER(['same-origin', 'cross-site', 'none']),
    'x-captcha-token': ASCII_HEADER(['', 'not-a-token', new Long('x', 3000), 'XXXX.DUMMY.TOKEN.XXXX']),
    'x-csrf-token': ASCII_HEADER(['', 'x'.repeat(43)]),
  },
  { requiredKeys: [] },
)

const visitorAuth = fc.record(
  {
    authorization: ASCII_HEADER([
      'Bearer ',
      'Bearer x',
      `Bearer ${'a'.repeat(43)}`,
      'Basic Zm9vOmJhcg==',
      'bearer',
      'Bearer a b',
      new Long('A', 5000, 'Bearer '),
    ]),
    cookie: ASCII_HEADER([
      'calma_session=',
      `calma_session=${'x'.repeat(43)}`,
      'calma_session=%',
      'calma_session="a"',
      'calma_session=a; calma_session=b',
    ]),
  },
  { requiredKeys: [] },
)

const segment = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1',
    '0x10',
    '1e3',
    '9999999999999999999',
    '..',
    '.',
    '%2e%2e',
    '%2F',
    '%00',
    'abc',
    ' ',
    '😀',
    "1' OR '1'='1",
    ...PLACEHOLDERS,
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }),
)

/** Malformed requests for `call`: at least one junk entry each, on top of a few plausible ones. */
export function inputsFor(call: Call): fc.Arbitrary<FuzzInput> {
  const names = wireNamesOf(call.request)
  const known = names.length ? names : GENERIC_NAMES
  const plausibleNames = known.filter((n) => PLAUSIBLE[n.replace(/^\w+\[(\w+)\]$/, '$1')])
  const plausible = plausibleNames.length
    ? fc
        .constantFrom(...plausibleNames)
        .chain((n) =>
          fc.constantFrom(...PLAUSIBLE[n.replace(/^\w+\[(\w+)\]$/, '$1')]!).map((v): [string, WireValue] => [n, v]),
        )
    : fc.constant<[string, WireValue]>(['page', '1'])
  const junkName = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known) },
    { weight: 2, arbitrary: fc.constantFrom(...JUNK_NAMES) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  )
  const junk = fc.tuple(junkName, value)
  const params = pathParamsOf(call.path)
  const encoding: fc.Arbitrary<Encoding> =
    call.method === 'GET'
      ? fc.constantFrom<Encoding>('query', 'query', 'query', 'query-raw')
      : fc.oneof(
          { weight: 4, arbitrary: fc.constant<Encoding>('multipart') },
          { weight: 4, arbitrary: fc.constant<Encoding>('urlencoded') },
          {
            weight: 1,
            arbitrary: fc.constantFrom<Encoding>(
              'urlencoded-raw',
              'multipart-broken',
              'form-empty',
              'none',
              'json',
              'text',
              'octets',
            ),
          },
        )
  return fc.record({
    fields: fc
      .tuple(fc.array(plausible, { maxLength: 4 }), fc.array(junk, { minLength: 1, maxLength: 6 }))
      .chain(([a, b]) => fc.shuffledSubarray([...a, ...b], { minLength: a.length + b.length })),
    params: params.length ? fc.record(Object.fromEntries(params.map((p) => [p, segment]))) : fc.constant({}),
    encoding,
    headers: fc.option(headers, { freq: 2 }).map((h) => h ?? {}),
    visitorAuth: fc.option(visitorAuth, { freq: 2 }).map((h) => h ?? {}),
  })
}

// ── Page paths (issue 32 §6: every page answers 4xx, never 5xx, for any slug) ────────────────

/** Percent-encoded as a browser sends it (a lone surrogate becomes U+FFFD, as a browser's UTF-8 does). */
export const encodeForAddress = (v: string) =>
  encodeURIComponent(v.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'))

/** A page parameter as it travels in the address, already percent-encoded where a browser would. */
export const pageSegment: fc.Arbitrary<Text> = fc.oneof(
  // Typed values, encoded as a browser encodes them: control characters, over-long, prototype names…
  { weight: 6, arbitrary: scalar.map((v) => encodeForAddress(String(v).slice(0, 3000)) || '%20') },
  // Raw forms no encoder makes: broken escapes, dot segments, encoded separators and controls.
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '%zz',
      '%',
      '%E0%A4%A',
      '%C0%AE%C0%AE',
      '%ED%A0%80',
      '..',
      '.',
      '%2e%2e',
      '%2F',
      '%5C',
      '%00',
      '%0A',
      '%0D%0A',
      '%7F',
      '%C2%85',
      '%E2%80%AE',
      '%20',
      '%09',
      '+',
      ';',
      'a;b=c',
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'a'.repeat(199),
      'a'.repeat(200),
      'a'.repeat(201),
      'a-'.repeat(150),
      new Long('a', 8000),
      new Long('%00', 500),
      new Long('%E2%80%AE', 300),
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom('{{post_slug}}', '{{route_slug}}', '{{new_slug}}') },
  // Near-valid slugs with one bad character inside.
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom('{{post_slug}}', '{{route_slug}}', 'dormir-mejor'),
        fc.constantFrom('%00', '%01', '%1F', '%7F', '%E2%80%AE', '%0A'),
      )
      .map(([s, c]) => `${s}${c}`),
  },
)

/** A page's query: junk names and values (a page reads page, per_page, keyword, plan_id, tab…). */
export const pageQuery: fc.Arbitrary<[string, Text][]> = fc.array(
  fc.tuple(
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          'page',
          'per_page',
          'keyword',
          'plan_id',
          'tab',
          'redirect',
          'redirect_to',
          'email',
          'user_id',
          'authorization',
          'appointment_id',
          'success',
          'error',
          'id',
        ),
      },
      { weight: 1, arbitrary: fc.constantFrom(...JUNK_NAMES) },
    ),
    scalar.map((v): Text => (v instanceof Long && v.times > 2000 ? new Long(v.unit, 2000, v.prefix) : v)),
  ),
  { maxLength: 4 },
)

// ── Stored post bodies (issue 32 §1 and §6: any stored body is served inert, never a 5xx) ────

/** The tags the post allowlist keeps with attribute rules (lib/html.ts): where a name every object has was once looked up. */
const RULED_TAGS = ['abbr', 'a', 'h1', 'h2', 'h3', 'h6', 'ol', 'img', 'th', 'td', 'video', 'audio', 'source', 'track']
/** Every name of Object.prototype (`__proto__`, `constructor`, `toString`, `__defineGetter__`…). */
const OBJECT_NAMES = Object.getOwnPropertyNames(Object.prototype)
/** Names the allowlist checks, and names that run script or load something when a browser keeps them. */
const ATTR_NAMES = [
  'href',
  'src',
  'poster',
  'title',
  'alt',
  'id',
  'start',
  'reversed',
  'colspan',
  'scope',
  'kind',
  'srclang',
  'type',
  'width',
  'HREF',
  'Src',
  'onerror',
  'onload',
  'ONMOUSEOVER',
  'style',
  'nonce',
  'data-calma-nonce',
  'srcset',
  'formaction',
  'xlink:href',
  'background',
]
/**
 * Values a browser decodes into something else than they look: entities once and twice encoded
 * (the issue's beacon), script and data URLs behind references, controls and whitespace, another
 * host behind a slash, paths that climb out of /media/, quotes that would close the attribute.
 */
const ATTR_VALUES = [
  '/&amp;amp;#47;www.facebook.com/tr?id=2&amp;amp;ev=PageView',
  '/&#47;www.google-analytics.com/collect?v=1',
  '&#x2F;/images.unsplash.com/photo-1',
  '/&amp;#47;www.googletagmanager.com/gtm.js',
  '//www.facebook.com/tr',
  '/\\www.doubleclick.net/x',
  'https://www.facebook.com/tr?id=1&ev=PageView',
  '&#106;avascript:alert(1)',
  '&amp;#106;avascript:alert(1)',
  '&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)',
  '&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)',
  'java\tscript:alert(1)',
  'jav&#x0A;ascript:alert(1)',
  'jav&#x09;ascript:alert(1)',
  '\u0000javascript:alert(1)',
  ' \u0001\u001fjavascript:alert(1)',
  'javascript&colon;alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data&#58;image/svg+xml,<svg onload=alert(1)>',
  'vbscript:msgbox(1)',
  '/media/x.jpg',
  '/media/x.jpg" onerror="alert(1)',
  '/media/x.jpg&quot; onerror=&quot;alert(1)',
  '/media/../logout',
  '/media/%2e%2e/logout',
  '/media/&#46;&#46;/logout',
  '/logout',
  '#top',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  'x"/constructor=\'',
  '<script data-calma-nonce>alert(document.domain)</script>',
  '&eacute;&NotANamedReference;&#xD800;&#0;&#x110000;&amp',
  '',
]
const quoted = (v: string) =>
  fc.constantFrom(`"${v}"`, `'${v}'`, v.replace(/[\s"'=<>`]/g, '') || 'x', v.replace(/"/g, '&quot;'))
const attrValue = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...ATTR_VALUES) },
  { weight: 2, arbitrary: scalar.map((v) => String(v).slice(0, 300)) },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.constantFrom(...CONTROL, ...BIDI_AND_INVISIBLE, '&', '#', ';', 'a'),
      maxLength: 12,
    }),
  },
)
/** `name=value`, `name` alone, or `name=` then a value written with either quote, none, or its quotes escaped. */
const attribute = fc
  .tuple(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...OBJECT_NAMES) },
      { weight: 3, arbitrary: fc.constantFrom(...ATTR_NAMES) },
    ),
    fc.option(attrValue.chain(quoted), { freq: 6 }),
  )
  .map(([name, value]) => (value === null ? name : `${name}=${value}`))
/** A start tag of a ruled tag with up to 5 attributes (a name may repeat), closed or not. */
const ruledTag = fc
  .tuple(
    fc.constantFrom(...RULED_TAGS),
    fc.array(attribute, { maxLength: 5 }),
    fc.constantFrom('>', ' >', '/>', '', '>text</a>', '>x'),
  )
  .map(([tag, attrs, end]) => `<${tag}${attrs.map((a) => ` ${a}`).join('')}${end}`)

/**
 * A stored post body: markup pieces, ruled tags with names every object has (`__proto__`,
 * `constructor`…) and hostile names and values as attributes, repeated attributes, entities once
 * and twice encoded, control characters, markup the parser refuses (a <plaintext> in a <select>),
 * deep nesting and junk text, joined at random. The issue's exploit is one of the pieces.
 */
export const storedBody: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 5, arbitrary: ruledTag },
      {
        weight: 5,
        arbitrary: fc.constantFrom(
          '<p>',
          '</p>',
          '</abbr>',
          '</a>',
          '</h2>',
          '</td>',
          '</ol>',
          '</video>',
          '<table>',
          '<tr>',
          '</table>',
          '<ul><li>',
          '<select><option>',
          '<plaintext>',
          '<script>',
          '</script>',
          '<svg>',
          '<math><mtext>',
          '<noscript>',
          '<template>',
          '<style>',
          '<!--',
          '-->',
          '<![CDATA[',
          ']]>',
          '</',
          '<',
          '>',
          '"',
          "'",
          '=',
          ' ',
          '&',
          '&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;',
          '&lt;img src=x onerror=alert(1)&gt;',
          '&#60;script&#62;alert(1)&#60;/script&#62;',
          '&NotANamedReference;',
          "<abbr constructor=x\"/constructor='></abbr><abbr constructor='a\"><script data-calma-nonce>alert(document.domain)</script>'>'</abbr>",
          '<b>'.repeat(120),
        ),
      },
      { weight: 2, arbitrary: fc.constantFrom(...CONTROL, ...BIDI_AND_INVISIBLE) },
      { weight: 2, arbitrary: scalar.map((v) => String(v).slice(0, 400)) },
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''))
