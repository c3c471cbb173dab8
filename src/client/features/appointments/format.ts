// What the appointment pages share: names of statuses, channels and reasons, dates in the
// person's zone and language, and the sides of an appointment.
import type { AppointmentDto } from '#shared/contract/appointments'
import {
  AppointmentStatus,
  CancellationReason,
  MeetingChannel,
  ONGOING_APPOINTMENT_STATUSES,
} from '#shared/appointment-enums'
import type { Translate } from '#shared/i18n/index'
import type { Locale } from '#shared/i18n/locale'
import { FREE_CANCEL_BEFORE_MS, MAX_MOVES, SESSION_PRICE_CENTS } from '#shared/limits'

/** SPEC §9 "a price of 45$ is shown": one session in dollars (the server charges SESSION_PRICE_CENTS, shared/limits.ts). */
export const SESSION_PRICE = SESSION_PRICE_CENTS / 100
/** A guest who cancels at least this long before the start gets the credits back (shared with the server). */
export { FREE_CANCEL_BEFORE_MS }

const nameOf = <T extends Record<string, number>>(values: T, v: number | null | undefined) =>
  v === null || v === undefined
    ? undefined
    : (Object.entries(values).find(([, x]) => x === v)?.[0] as keyof T | undefined)

export const statusName = (t: Translate, s: number) => {
  const key = nameOf(AppointmentStatus, s)
  return key ? t(`appointments.status.${key}`) : String(s)
}
export const channelName = (t: Translate, c: number | null) => {
  const key = nameOf(MeetingChannel, c)
  return key ? t(`appointments.channel.${key}`) : ''
}
export const reasonName = (t: Translate, r: number | null) => {
  const key = nameOf(CancellationReason, r)
  return key ? t(`appointments.reason.${key}`) : ''
}

export const CHANNELS = Object.entries(MeetingChannel) as [keyof typeof MeetingChannel, MeetingChannel][]
export const REASONS = Object.entries(CancellationReason) as [keyof typeof CancellationReason, CancellationReason][]

export const isLive = (a: Pick<AppointmentDto, 'status'>) =>
  (ONGOING_APPOINTMENT_STATUSES as readonly number[]).includes(a.status)

/**
 * Whether `a` is in the time it may be moved (decision 047: live, and 24 hours or more before it
 * starts). Here, not in MoveForm, so a card knows whether to offer Move without the form's code,
 * which comes when its panel opens (decision 072).
 */
export const inMoveWindow = (a: AppointmentDto, now = Date.now()) =>
  isLive(a) && new Date(a.start_at).getTime() - now >= FREE_CANCEL_BEFORE_MS

/** Whether the guest may still move `a`: in its window, and moved fewer than MAX_MOVES times (decision 061). */
export const movable = (a: AppointmentDto, now = Date.now()) => inMoveWindow(a, now) && a.moves_left > 0

/** The words on how many moves are left (the panel), or that none are (the card). */
export function movesNote(t: Translate, a: AppointmentDto) {
  if (a.moves_left <= 0) return t('appointment_pages.moves_used', { max: MAX_MOVES })
  return a.moves_left === 1
    ? t('appointment_pages.moves_left_one', { max: MAX_MOVES })
    : t('appointment_pages.moves_left', { max: MAX_MOVES, count: a.moves_left - 1 })
}

/** Which side of `a` the viewer is on: the guest, the host, or neither (an admin reading it). */
export function sideOf(a: AppointmentDto, userId: number | undefined): 'guest' | 'host' | 'other' {
  if (a.host_id === userId) return 'host'
  if (a.guest_id === userId) return 'guest'
  return 'other'
}

/** The person on the other side (the host for a guest, the guest for a host). */
export function otherOf(a: AppointmentDto, side: 'guest' | 'host' | 'other') {
  return side === 'host' ? a.guest : a.host
}

const tag = (locale: Locale) => (locale === 'es' ? 'es-ES' : 'en-GB')

/** 'Thursday 12 March' in `zone`. */
export const longDay = (iso: string | number, locale: Locale, zone: string) =>
  new Intl.DateTimeFormat(tag(locale), { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long' }).format(
    new Date(iso),
  )

/** '10:00' in `zone`. */
export const clock = (iso: string | number, locale: Locale, zone: string) =>
  new Intl.DateTimeFormat(tag(locale), { timeZone: zone, hour: '2-digit', minute: '2-digit' }).format(new Date(iso))

/** 'CET', 'GMT+1'… the short name of `zone` at that instant. */
export function zoneShort(iso: string | number, locale: Locale, zone: string) {
  const part = new Intl.DateTimeFormat(tag(locale), { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(new Date(iso))
    .find((p) => p.type === 'timeZoneName')
  return part?.value ?? zone
}

/**
 * Dollars as the app writes them to people, one form per language (shared/money.ts: without the
 * catalogue's plans, which the list of appointments never needs).
 */
export { formatDollars as dollars } from '#shared/money'

/**
 * An appointment as a change answered it, with what the list had and the answer lacks: the
 * people (a change answers without relations). The translated properties are dropped, as they
 * may be stale: the names are made here from the numbers.
 */
export function merged(old: AppointmentDto, fresh: AppointmentDto): AppointmentDto {
  return { ...old, ...fresh, host: fresh.host ?? old.host, guest: fresh.guest ?? old.guest, properties: undefined }
}
