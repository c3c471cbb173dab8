// An audit snapshot's values in people's words (issue 42 §9): dates (stored as epoch
// milliseconds or ISO text) in the reader's zone, the words of stored codes (in_app, info, a
// role's number, a file's tag), and names for the people a row names by id. Anything else is
// left to shortValue (diff.ts).
import { idsIn, isPeopleField } from '#shared/audit-people'
import type { Translate } from '#shared/i18n/index'
import type { Locale } from '#shared/i18n/locale'
import { formatDateTime } from '#client/components/words.ts'
import { appointmentStatusName, channelName, langOptions, roleName, stateName } from './columns'

export interface AuditReading {
  t: Translate
  boot: { locale: Locale; timeZone: string }
  /** People's names by id (the audit list's `people`). */
  people: Record<string, string>
  /** The row's entity (an appointment's status is its own numbers). */
  entity?: string
}

const FILE_TYPES = ['cover', 'audio', 'video'] as const
const FILE_TAGS = ['route_cover', 'unit_cover', 'post_cover', 'audio', 'video', 'user_avatar'] as const
const LEVELS = ['info', 'success', 'warning', 'danger'] as const
const DELAY_UNITS = ['hours', 'days', 'months'] as const
/** Epoch milliseconds from 2001 to 2286: a stored instant, never a count or an id. */
const EPOCH_MS = /^1\d{12}$/

const isOneOf = <T extends string>(list: readonly T[], v: unknown): v is T => list.includes(v as T)

/** A date-like field: its name says it (`created_at`, `send_at`, `until`). */
const isDateField = (name: string) => /(_at|_on|_until)$/.test(name) || name === 'until'

function asInstant(v: unknown): string | null {
  if (typeof v === 'number' && EPOCH_MS.test(String(v))) return new Date(v).toISOString()
  if (typeof v === 'string' && EPOCH_MS.test(v)) return new Date(Number(v)).toISOString()
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)))
    return new Date(v).toISOString()
  return null
}

/** `field`'s value `v` in words, or null when it has no words of its own. `field` is the diff's path. */
export function readValue(field: string, v: unknown, r: AuditReading): string | null {
  if (v === null || v === undefined || v === '') return null
  const name = field.split(/ · |\./).pop()!
  const { t } = r
  if (isPeopleField(name)) {
    const ids = idsIn(v)
    return ids.length ? ids.map((id) => r.people[String(id)] ?? `#${id}`).join(', ') : null
  }
  if (isDateField(name)) {
    const iso = asInstant(v)
    return iso ? formatDateTime(iso, r.boot) : null
  }
  switch (name) {
    case 'channel':
      return channelName(t, v)
    case 'level':
      return isOneOf(LEVELS, v) ? t(`admin.staff.level.${v}`) : null
    case 'delay_unit':
      return isOneOf(DELAY_UNITS, v) ? t(`admin.staff.delay_unit.${v}`) : null
    case 'role':
    case 'actor_role':
    case 'role_recipients':
      return roleName(t, Number(v))
    case 'tag':
      return isOneOf(FILE_TAGS, v) ? t(`admin.staff.file_tag.${v}`) : null
    case 'type':
      return isOneOf(FILE_TYPES, v) ? t(`admin.staff.file_type.${v}`) : null
    case 'language':
      return langOptions.find((o) => o.value === v)?.label ?? null
    case 'visibility':
      return v === 1 ? t('admin.status.public') : v === 2 ? t('admin.status.private') : null
    case 'status':
      // Content is visible 1 or hidden 2 (SPEC §4); notifications and refunds have named states.
      if (r.entity === 'appointment') return appointmentStatusName(t, v)
      if (v === 1) return t('admin.status.visible')
      if (v === 2) return t('admin.status.hidden')
      return typeof v === 'string' ? stateName(t, v) : null
    default:
      return null
  }
}
