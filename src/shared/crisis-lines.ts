// Help in a crisis (issue 8 §6): the emergency number and the free crisis lines of each country
// the /help page lists. Every number is written twice: as shown, and as dialled (`tel`, local
// digits: these lines are meant to be called from inside their country; `*` is a valid tel:
// digit). Each country names its sources: the official site of each service.
// Numbers were checked against those sites as we know them in November 2026. VERIFY EVERY
// NUMBER AGAIN BEFORE PRODUCTION and then once a year: services change numbers and options.

export type Bilingual = { es: string; en: string }

export interface CrisisNumber {
  /** As shown: '024', '800 911 2000'. */
  number: string
  /** As dialled, for `tel:` (digits, `*`, `#`). */
  tel: string
  /** The short name of the service: 'Emergencias', 'Línea 024'. */
  name: Bilingual
  /** One short line: who answers, when, what to press. */
  note?: Bilingual
  /** A text line: the number to text (`sms:`), and the word to send, if any. */
  sms?: { to: string; body?: string }
  /** Call is not possible, text only. */
  textOnly?: boolean
}

export interface CrisisCountry {
  /** ISO 3166-1 alpha-2, as Cloudflare's cf-ipcountry header and users.country_code hold it. */
  code: CrisisCode
  name: Bilingual
  /** The emergency number(s), first and most prominent. */
  emergency: CrisisNumber[]
  /** Free crisis and emotional-support lines. */
  lines: CrisisNumber[]
}

export const CRISIS_CODES = ['ES', 'MX', 'CO', 'AR', 'CL', 'PE', 'US', 'GB'] as const
export type CrisisCode = (typeof CRISIS_CODES)[number]

const H24: Bilingual = { es: 'Gratis, 24 horas, confidencial.', en: 'Free, 24 hours, confidential.' }

export const CRISIS_COUNTRIES: readonly CrisisCountry[] = [
  // Spain. 024: Ministerio de Sanidad, https://www.sanidad.gob.es/linea024/ (free, 24 h, since
  // May 2022). 112: https://www.112.es and the EU's 112 page. Teléfono de la Esperanza:
  // https://telefonodelaesperanza.org (717 003 717, 24 h).
  {
    code: 'ES',
    name: { es: 'España', en: 'Spain' },
    emergency: [{ number: '112', tel: '112', name: { es: 'Emergencias', en: 'Emergencies' } }],
    lines: [
      {
        number: '024',
        tel: '024',
        name: { es: 'Línea 024 de atención a la conducta suicida', en: 'Línea 024, suicide-related crisis line' },
        note: H24,
      },
      {
        number: '717 003 717',
        tel: '717003717',
        name: { es: 'Teléfono de la Esperanza', en: 'Teléfono de la Esperanza (listening line)' },
        note: { es: 'Escucha en momentos difíciles, 24 horas.', en: 'Someone to listen in hard moments, 24 hours.' },
      },
    ],
  },
  // Mexico. Línea de la Vida: CONASAMA / Secretaría de Salud, https://www.gob.mx/salud/conasama
  // (800 911 2000, 24 h). 911: https://www.gob.mx/911. SAPTEL (Cruz Roja Mexicana),
  // https://www.saptel.org.mx (55 5259 8121, 24 h): verify before production.
  {
    code: 'MX',
    name: { es: 'México', en: 'Mexico' },
    emergency: [{ number: '911', tel: '911', name: { es: 'Emergencias', en: 'Emergencies' } }],
    lines: [
      {
        number: '800 911 2000',
        tel: '8009112000',
        name: { es: 'Línea de la Vida', en: 'Línea de la Vida' },
        note: H24,
      },
      {
        number: '55 5259 8121',
        tel: '5552598121',
        name: { es: 'SAPTEL', en: 'SAPTEL' },
        note: { es: 'Apoyo emocional en crisis, 24 horas.', en: 'Emotional support in a crisis, 24 hours.' },
      },
    ],
  },
  // Colombia. Línea 106 (Secretaría Distrital de Salud de Bogotá), https://www.saludcapital.gov.co
  // (Bogotá). Línea 192, opción 4 (Ministerio de Salud, mental health),
  // https://www.minsalud.gov.co. 123: national emergency line. Verify the options before production.
  {
    code: 'CO',
    name: { es: 'Colombia', en: 'Colombia' },
    emergency: [{ number: '123', tel: '123', name: { es: 'Emergencias', en: 'Emergencies' } }],
    lines: [
      {
        number: '192',
        tel: '192',
        name: { es: 'Línea 192 (salud mental)', en: 'Line 192 (mental health)' },
        note: { es: 'Marca la opción 4. Nacional, gratis.', en: 'Press option 4. Nationwide, free.' },
      },
      {
        number: '106',
        tel: '106',
        name: { es: 'Línea 106 de Bogotá', en: 'Line 106, Bogotá' },
        note: { es: 'En Bogotá. Gratis, 24 horas.', en: 'In Bogotá. Free, 24 hours.' },
      },
    ],
  },
  // Argentina. Centro de Asistencia al Suicida (CAS), https://www.asistenciaalsuicida.org.ar:
  // 135 free from CABA and Gran Buenos Aires, 0800 345 1435 from the whole country. 911:
  // emergencies (most provinces). Verify before production.
  {
    code: 'AR',
    name: { es: 'Argentina', en: 'Argentina' },
    emergency: [{ number: '911', tel: '911', name: { es: 'Emergencias', en: 'Emergencies' } }],
    lines: [
      {
        number: '135',
        tel: '135',
        name: { es: 'Centro de Asistencia al Suicida', en: 'Centro de Asistencia al Suicida' },
        note: {
          es: 'Gratis desde CABA y Gran Buenos Aires.',
          en: 'Free from Buenos Aires city and Greater Buenos Aires.',
        },
      },
      {
        number: '0800 345 1435',
        tel: '08003451435',
        name: {
          es: 'Centro de Asistencia al Suicida (todo el país)',
          en: 'Centro de Asistencia al Suicida (whole country)',
        },
        note: { es: 'Gratis desde todo el país.', en: 'Free from anywhere in the country.' },
      },
    ],
  },
  // Chile. *4141, Línea de Prevención del Suicidio (Ministerio de Salud),
  // https://www.minsal.cl (free from mobile phones, 24 h, since 2023). 131: SAMU ambulances.
  {
    code: 'CL',
    name: { es: 'Chile', en: 'Chile' },
    emergency: [{ number: '131', tel: '131', name: { es: 'SAMU (ambulancias)', en: 'SAMU (ambulance)' } }],
    lines: [
      {
        number: '*4141',
        tel: '*4141',
        name: { es: 'Fono Prevención del Suicidio', en: 'Suicide prevention line' },
        note: { es: 'Gratis desde celulares, 24 horas.', en: 'Free from mobile phones, 24 hours.' },
      },
    ],
  },
  // Peru. Línea 113, opción 5 (Ministerio de Salud, mental health), https://www.gob.pe/minsa.
  // 106: SAMU; 105: Policía Nacional. Verify the option before production.
  {
    code: 'PE',
    name: { es: 'Perú', en: 'Peru' },
    emergency: [
      { number: '106', tel: '106', name: { es: 'SAMU (urgencias médicas)', en: 'SAMU (medical emergencies)' } },
      { number: '105', tel: '105', name: { es: 'Policía', en: 'Police' } },
    ],
    lines: [
      {
        number: '113',
        tel: '113',
        name: { es: 'Línea 113 (salud mental)', en: 'Line 113 (mental health)' },
        note: { es: 'Marca la opción 5. Gratis, 24 horas.', en: 'Press option 5. Free, 24 hours.' },
      },
    ],
  },
  // United States. 988 Suicide & Crisis Lifeline, https://988lifeline.org (call or text 988,
  // 24 h). Crisis Text Line, https://www.crisistextline.org (text HOME to 741741). 911.
  {
    code: 'US',
    name: { es: 'Estados Unidos', en: 'United States' },
    emergency: [{ number: '911', tel: '911', name: { es: 'Emergencias', en: 'Emergencies' } }],
    lines: [
      {
        number: '988',
        tel: '988',
        sms: { to: '988' },
        name: { es: '988 Suicide & Crisis Lifeline', en: '988 Suicide & Crisis Lifeline' },
        note: { es: 'Llama o escribe un SMS. Marca 2 para español. 24 horas.', en: 'Call or text. 24 hours.' },
      },
      {
        number: '741741',
        tel: '741741',
        sms: { to: '741741', body: 'HOME' },
        textOnly: true,
        name: { es: 'Crisis Text Line', en: 'Crisis Text Line' },
        note: { es: 'Escribe HOME por SMS. 24 horas.', en: 'Text HOME. 24 hours.' },
      },
    ],
  },
  // United Kingdom. Samaritans, https://www.samaritans.org (116 123, free, 24 h). 999:
  // emergencies. NHS 111, option 2 for urgent mental-health help (England),
  // https://www.nhs.uk/nhs-services/mental-health-services/where-to-get-urgent-help-for-mental-health/.
  // Shout, https://giveusashout.org (text SHOUT to 85258).
  {
    code: 'GB',
    name: { es: 'Reino Unido', en: 'United Kingdom' },
    emergency: [{ number: '999', tel: '999', name: { es: 'Emergencias', en: 'Emergencies' } }],
    lines: [
      { number: '116 123', tel: '116123', name: { es: 'Samaritans', en: 'Samaritans' }, note: H24 },
      {
        number: '111',
        tel: '111',
        name: { es: 'NHS 111 (salud mental urgente)', en: 'NHS 111 (urgent mental health)' },
        note: { es: 'Marca la opción 2. En Inglaterra.', en: 'Press option 2. In England.' },
      },
      {
        number: '85258',
        tel: '85258',
        sms: { to: '85258', body: 'SHOUT' },
        textOnly: true,
        name: { es: 'Shout', en: 'Shout' },
        note: { es: 'Escribe SHOUT por SMS. Gratis, 24 horas.', en: 'Text SHOUT. Free, 24 hours.' },
      },
    ],
  },
]

export const isCrisisCode = (v: unknown): v is CrisisCode =>
  typeof v === 'string' && (CRISIS_CODES as readonly string[]).includes(v)

export const crisisCountry = (code: CrisisCode): CrisisCountry => CRISIS_COUNTRIES.find((c) => c.code === code)!

/** Countries shown first when nothing says where the person is (es → Spain; en → UK and US). */
export const DEFAULT_CRISIS_COUNTRIES: Record<'es' | 'en', CrisisCode[]> = { es: ['ES'], en: ['GB', 'US'] }

/** Every country, `first` ones at the top in that order, then the rest in table order. */
export function crisisCountriesInOrder(first: readonly CrisisCode[]): CrisisCountry[] {
  const rest = CRISIS_COUNTRIES.filter((c) => !first.includes(c.code))
  return [...first.map(crisisCountry), ...rest]
}

/** An `sms:` link that opens the text with its word filled in on both iOS and Android. */
export const smsHref = (sms: { to: string; body?: string }) =>
  `sms:${sms.to}${sms.body ? `?&body=${encodeURIComponent(sms.body)}` : ''}`
