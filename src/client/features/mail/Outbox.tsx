import { Fragment } from 'react'
import type { OutboxPageData } from '#shared/contract/mail'
import { usePage, type PageProps } from '#client/app/context.tsx'
import '#client/components/forms.css'

/** Links in a mail's text, made clickable. */
function linkify(text: string) {
  return text.split(/(https?:\/\/[^\s<>"]+)/g).map((part, i) =>
    /^https?:\/\//.test(part) ? (
      <a key={i} href={part} data-testid="outbox-link">
        {part}
      </a>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  )
}

/** Local only (issue 3 §7): the mail this run wrote, newest first, with clickable links. */
export default function Outbox({ data }: PageProps<OutboxPageData>) {
  const { t } = usePage()
  const mails = data.mails
  return (
    <section className="outbox">
      <h1>{t('accounts.outbox.title')}</h1>
      <p className="auth-lead">{t('accounts.outbox.lead')}</p>
      {mails.length === 0 ? (
        <p className="empty">{t('accounts.outbox.empty')}</p>
      ) : (
        <ol className="outbox-list">
          {mails.map((m) => (
            <li key={m.id} className="outbox-mail" data-testid="outbox-mail">
              <header>
                <strong>{m.subject}</strong>
                <span className="chip">
                  {m.template} · {m.locale}
                </span>
              </header>
              <p className="outbox-meta">
                {t('accounts.outbox.to')}: <span data-testid="outbox-to">{m.to}</span> ·{' '}
                <time dateTime={m.created_at}>{m.created_at.replace('T', ' ').slice(0, 19)} UTC</time>
              </p>
              {m.text && <pre className="outbox-text">{linkify(m.text)}</pre>}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
