// What a list screen is told (ListScreen): its columns, filters, form fields and calls.
import type { ReactNode } from 'react'
import type { Call, WireRecord } from '#shared/contract/call'
import type { MessageKey } from '#shared/i18n/index'
import { textOf } from '#shared/text'

export type Row = Record<string, unknown>

export interface Column {
  key: string
  label: MessageKey
  sortable?: boolean
  render?: (row: Row) => ReactNode
}

export interface FieldSpec {
  name: string
  label: MessageKey
  /** 'datetime': a wall clock in the staff member's zone, sent as an ISO instant; 'people': users chosen by name or email, sent as ids joined by '|'. */
  type: 'text' | 'textarea' | 'number' | 'select' | 'checkbox' | 'upload' | 'datetime' | 'people'
  options?: { value: string; label: string }[]
  /** Upload fields: the file tag (SPEC §9) and what to put in the form (the R2 key). */
  tag?: 'route_cover' | 'unit_cover' | 'post_cover' | 'audio' | 'video' | 'user_avatar'
  /** Only when creating (e.g. language) or only when editing. */
  only?: 'create' | 'edit'
}

export interface FilterSpec {
  name: string
  label: MessageKey
  type: 'text' | 'select' | 'date'
  options?: { value: string; label: string }[]
}

export interface ListScreenProps {
  id: string
  list: Call
  /** The answer's list: 'rows', 'users', 'categories', 'appointments'. */
  rowsKey: string
  columns: Column[]
  /** Fixed list input (e.g. with_relations, a route's id). */
  base?: WireRecord
  filters?: FilterSpec[]
  search?: boolean
  /** `extra`: fields every save of a row sends besides its id (a plan route's plan_id and route_id). */
  form?: {
    fields: FieldSpec[]
    save: Call
    create?: boolean
    defaults?: Record<string, string>
    extra?: (row: Row) => WireRecord
  }
  remove?: Call
  /** What the delete call takes for a row (default `{ id }`). */
  removeInput?: (row: Row) => WireRecord
  /** Extra actions on a row, and a panel under an opened row. */
  actions?: (row: Row, reload: () => void) => ReactNode
  panel?: (row: Row, reload: () => void) => ReactNode
  /** Buttons above the list. */
  toolbar?: (input: WireRecord, reload: () => void) => ReactNode
}

/** A value as the form holds it (text), from a row. */
export const asText = (v: unknown) => (typeof v === 'boolean' ? (v ? '1' : '0') : textOf(v))
