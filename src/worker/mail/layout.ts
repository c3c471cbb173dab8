// The frame every mail is laid out in, and the escaping of what goes in it: every template of
// templates/ lays itself out in it.
import type { Translate } from '#shared/i18n/index'

export interface RenderedMail {
  subject: string
  html: string
  text: string
  /** Files sent with the mail (an appointment's .ics). */
  attachments?: { filename: string; contentType: string; content: string }[]
  /** Extra headers (List-Unsubscribe on notification mail). */
  headers?: Record<string, string>
}

export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)

export function layout(
  t: Translate,
  title: string,
  paragraphs: string[],
  button: { href: string; label: string },
  footer: string[],
): string {
  return [
    '<!doctype html><html><body style="margin:0;background:#f7f4ee;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2a2e">',
    '<div style="max-width:520px;margin:0 auto;padding:24px">',
    `<p style="font-weight:700;color:#2f5d62;font-size:20px;margin:0 0 16px">${esc(t('brand'))}</p>`,
    '<div style="background:#fff;border-radius:14px;padding:24px">',
    `<h1 style="font-size:22px;margin:0 0 12px">${esc(title)}</h1>`,
    ...paragraphs.map((p) => `<p style="line-height:1.55;margin:0 0 12px">${esc(p)}</p>`),
    `<p style="margin:20px 0"><a href="${esc(button.href)}" style="display:inline-block;background:#2f5d62;color:#f3e9d2;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:600">${esc(button.label)}</a></p>`,
    `<p style="font-size:13px;color:#5a6a6e;word-break:break-all">${esc(button.href)}</p>`,
    '</div>',
    ...footer.map((f) => `<p style="font-size:12px;color:#5a6a6e;line-height:1.5">${f}</p>`),
    '</div></body></html>',
  ].join('')
}
