// /appointments' lists (SPEC §2 "/appointments"): which tab shows which list, and the one query
// both the page's server loader and the browser's "Show more" and re-reads send to
// GET /v1/appointments (decision 081: the server paints the first page, so the two must agree).
import { HISTORY_APPOINTMENT_STATUSES, ONGOING_APPOINTMENT_STATUSES } from './appointment-enums'

export type Tab = 'next_to' | 'make_an_appointment' | 'appointments'
export const TABS: readonly Tab[] = ['next_to', 'make_an_appointment', 'appointments']
/** A psychologist sees their own agenda as host and has no booking tab. */
export const HOST_TABS: readonly Tab[] = ['next_to', 'appointments']

/** Ongoing (pending and confirmed, soonest first) or History (newest first). */
export type ListKind = 'ongoing' | 'history'
export const APPOINTMENTS_PER_PAGE = 20

/** The tab a page opens on: the one in `?tab=` when the person has it, else Ongoing. */
export function tabOf(asked: string | undefined, isHost: boolean): Tab {
  const tabs = isHost ? HOST_TABS : TABS
  return asked && (tabs as readonly string[]).includes(asked) ? (asked as Tab) : 'next_to'
}

/** The list a tab shows; null for the booking tab (the psychologists, read by its own code). */
export const kindOf = (tab: Tab): ListKind | null =>
  tab === 'next_to' ? 'ongoing' : tab === 'appointments' ? 'history' : null

/** GET /v1/appointments' input for page `page` of a list (the cards' people and names included). */
export function listInput(kind: ListKind, page: number) {
  return {
    with_relations: 'host|guest',
    with_properties: 'status|meeting_channel',
    order_by: kind === 'ongoing' ? 'start_at asc' : 'start_at desc',
    status: (kind === 'ongoing' ? ONGOING_APPOINTMENT_STATUSES : HISTORY_APPOINTMENT_STATUSES).join('|'),
    page,
    per_page: APPOINTMENTS_PER_PAGE,
  }
}
