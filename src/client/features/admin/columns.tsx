// What the admin screens share to describe their columns, filters and form fields (issue 12),
// so each screen file says only what is its own.
import type { MessageKey, Translate } from '#shared/i18n/index'
import { AppointmentStatus } from '#shared/enums'
import { textOf } from '#shared/text'
import type { Column, FieldSpec } from './list.types'

/** The search-engine fields of routes and symptoms. */
export const SEO_FIELDS: FieldSpec[] = [
  { name: 'seo_title', label: 'admin.fields.seo_title', type: 'text' },
  { name: 'seo_description', label: 'admin.fields.seo_description', type: 'text' },
]

export const langOptions = [
  { value: 'es', label: 'Español' },
  { value: 'en', label: 'English' },
]
export const statusOptions = (t: Translate) => [
  { value: '1', label: t('admin.status.visible') },
  { value: '2', label: t('admin.status.hidden') },
]
export const ROLES = [1, 2, 4, 8, 9, 16, 32] as const
export const roleName = (t: Translate, r: unknown) =>
  ROLES.includes(r as never) ? t(`admin.roles.r${r as (typeof ROLES)[number]}`) : textOf(r)
export const roleOptions = (t: Translate) => ROLES.map((r) => ({ value: String(r), label: roleName(t, r) }))

/** A select (a filter or a form field) on `name`, labelled `admin.fields.<name>`. */
export const select = (name: string, options: { value: string; label: string }[]) => ({
  name,
  label: `admin.fields.${name}` as 'admin.fields.id',
  type: 'select' as const,
  options,
})
/** A flag as the lists send it (true, 1 or '1'). */
const yes = (v: unknown) => v === true || v === 1 || v === '1'
/** A yes/no column (✓ or —), labelled `admin.fields.<key>` unless told. */
export const yesColumn = (key: string, label = `admin.fields.${key}` as MessageKey): Column => ({
  key,
  label,
  render: (r) => (yes(r[key]) ? '✓' : '—'),
})

/** Notification and refund states in the admin's language (stored as English words). */
const STATES = ['pending', 'sent', 'cancelled', 'approved', 'rejected'] as const
export const stateName = (t: Translate, v: unknown) =>
  STATES.includes(v as never) ? t(`admin.state.${v as (typeof STATES)[number]}`) : textOf(v)
export const stateOptions = (t: Translate, values: readonly (typeof STATES)[number][]) =>
  values.map((v) => ({ value: v, label: stateName(t, v) }))
export const stateColumn = (t: Translate): Column => ({
  key: 'status',
  label: 'admin.fields.status',
  render: (r) => stateName(t, r.status),
})
export const channelName = (t: Translate, v: unknown) =>
  v === 'in_app' || v === 'email' || v === 'push' ? t(`admin.channel.${v}`) : textOf(v)
/** Appointment statuses by number, in the admin's language. */
export const appointmentStatusName = (t: Translate, v: unknown) => {
  const key = Object.entries(AppointmentStatus).find(([, n]) => n === Number(v))?.[0] as
    | keyof typeof AppointmentStatus
    | undefined
  return key ? t(`appointments.status.${key}`) : textOf(v)
}

/** Content status (visible or hidden) as a column. */
export const statusColumn = (t: Translate): Column => ({
  key: 'status',
  label: 'admin.fields.status',
  render: (r) => (r.status === 2 ? t('admin.status.hidden') : t('admin.status.visible')),
})

/** The columns every content list starts with (id, title, slug, language, status), then `extra`. */
export const contentColumns = (t: Translate, ...extra: Column[]): Column[] => [
  ...cols('id', 'title', 'slug', 'language'),
  statusColumn(t),
  ...extra,
]

/** The fields every content form starts with (language only when creating), then `extra`. */
export const contentFields = (t: Translate, extra: FieldSpec[] = []): FieldSpec[] => [
  { name: 'language', label: 'admin.fields.language', type: 'select', options: langOptions, only: 'create' },
  { name: 'slug', label: 'admin.fields.slug', type: 'text' },
  { name: 'title', label: 'admin.fields.title', type: 'text' },
  { name: 'status', label: 'admin.fields.status', type: 'select', options: statusOptions(t) },
  ...extra,
]

/** The language and status filters of the content lists. */
export const contentFilters = (t: Translate) => [
  { name: 'language', label: 'admin.fields.language' as const, type: 'select' as const, options: langOptions },
  { name: 'status', label: 'admin.fields.status' as const, type: 'select' as const, options: statusOptions(t) },
]

/** Columns the server can order by. */
const SORTABLE = [
  'id',
  'title',
  'slug',
  'order',
  'updated_at',
  'published_at',
  'name',
  'email',
  'created_at',
  'start_at',
  'size',
  'event',
]
/** Plain columns, each labelled `admin.fields.<key>`. */
export const cols = (...keys: string[]): Column[] =>
  keys.map((k) => ({ key: k, label: `admin.fields.${k}` as 'admin.fields.id', sortable: SORTABLE.includes(k) }))
