// Small helpers of the account pages (issue 3 §10).
import { Fragment, useEffect, useState, type ReactNode } from 'react'
import { notify } from '#client/stores/toasts.ts'

/** False on the server and in the first client render, true after hydration: forms wait for it. */
export function useHydrated(): boolean {
  const [ready, setReady] = useState(false)
  useEffect(() => setReady(true), [])
  return ready
}

/** A message with inline links written as <name>text</name> (e.g. the legal-age sentence). */
export function withLinks(text: string, links: Record<string, string>): ReactNode {
  const parts: ReactNode[] = []
  const re = /<(\w+)>(.*?)<\/\1>/g
  let last = 0
  let m: RegExpExecArray | null
  let i = 0
  while ((m = re.exec(text))) {
    if (m.index > last) parts.push(<Fragment key={i++}>{text.slice(last, m.index)}</Fragment>)
    const href = links[m[1]!]
    parts.push(
      href ? (
        <a key={i++} href={href} target="_blank" rel="noopener">
          {m[2]}
        </a>
      ) : (
        <Fragment key={i++}>{m[2]}</Fragment>
      ),
    )
    last = m.index + m[0].length
  }
  if (last < text.length) parts.push(<Fragment key={i++}>{text.slice(last)}</Fragment>)
  return parts
}

/** The same message as plain text (what is recorded as the consent text). */
export const stripTags = (text: string) => text.replace(/<\/?\w+>/g, '')

/** The first message of each field of a 422, for the form. */
export function firstErrors(errors: Record<string, string[]> | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(errors ?? {})) if (v[0]) out[k] = v[0]
  return out
}

/**
 * A refused call on a form: each field's first error under it, the message above the form
 * and as a danger notification.
 */
export function showFailure(
  res: { message?: string; errors?: Record<string, string[]> },
  setErrors: (e: Record<string, string>) => void,
  setAlert: (m: string | null) => void,
) {
  setErrors(firstErrors(res.errors))
  setAlert(res.message ?? null)
  if (res.message) notify(res.message, 'danger')
}
