// Dead letters on the admin's notifications screen (issue 22): the mail whose retries ran out,
// with a replay per mail and for all. The provider's idempotency key keeps a replay to one mail
// per person, even for a mail the provider had taken before its answer was lost, for 24 hours: a
// mail that may have been sent longer ago is marked, and replaying it is an explicit "send again
// anyway" (issue 32 §5, docs/decisions/040).
import { useEffect, useState } from 'react'
import { listDeadMail, replayDeadMail, type DeadMailDto } from '#shared/contract/notifications'
import { call } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'

export function DeadMail() {
  const { t } = usePage()
  const [state, setState] = useState<{ mails: DeadMailDto[]; total: number } | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const load = () =>
    void call(listDeadMail).then((r) =>
      setState(r.success ? { mails: r.mails, total: r.total } : { mails: [], total: 0 }),
    )
  useEffect(load, [])
  const replay = async (id?: number, confirm?: boolean) => {
    const res = await call(replayDeadMail, { input: id ? { id, ...(confirm ? { confirm } : {}) } : {} })
    setNote(res.message ?? null)
    load()
  }
  if (!state) return <p>{t('admin.list.loading')}</p>
  return (
    <section className="adm-screen" data-testid="dead-mail" aria-labelledby="dead-mail-title">
      <h2 id="dead-mail-title">
        {t('engagement.notifications.dead_title')} ({state.total})
      </h2>
      <p>{state.mails.length ? t('engagement.notifications.dead_help') : t('engagement.notifications.dead_none')}</p>
      {note && <p role="status">{note}</p>}
      {state.mails.length > 0 && (
        // Above the table, not in its header: phones show the rows as cards without the header.
        <div className="adm-toolbar">
          <button type="button" className="adm-btn" onClick={() => void replay()} data-testid="dead-replay-all">
            {t('engagement.notifications.dead_replay_all')}
          </button>
        </div>
      )}
      {state.mails.length > 0 && (
        <div className="adm-table-wrap" tabIndex={0} role="region" aria-labelledby="dead-mail-title">
          <table className="adm-table">
            <thead>
              <tr>
                <th scope="col">{t('engagement.notifications.dead_to')}</th>
                <th scope="col">{t('engagement.notifications.dead_subject')}</th>
                <th scope="col">{t('engagement.notifications.dead_attempts')}</th>
                <th scope="col">{t('engagement.notifications.dead_error')}</th>
                <th scope="col">{t('engagement.notifications.dead_replay')}</th>
              </tr>
            </thead>
            <tbody>
              {state.mails.map((m) => (
                <tr key={m.id}>
                  <td data-label={t('engagement.notifications.dead_to')}>{m.to}</td>
                  <td data-label={t('engagement.notifications.dead_subject')}>{m.subject}</td>
                  <td data-label={t('engagement.notifications.dead_attempts')}>{m.attempts}</td>
                  <td data-label={t('engagement.notifications.dead_error')}>
                    <span className="adm-wrap">
                      {m.may_have_been_sent && (
                        <strong data-testid={`dead-maybe-sent-${m.id}`}>
                          {t('engagement.notifications.dead_may_have_been_sent')}.{' '}
                        </strong>
                      )}
                      {m.error ?? ''}
                    </span>
                  </td>
                  <td>
                    <button
                      type="button"
                      className="adm-btn"
                      onClick={() => void replay(m.id, m.needs_confirmation)}
                      data-testid={`dead-replay-${m.id}`}
                    >
                      {t(
                        m.needs_confirmation
                          ? 'engagement.notifications.dead_replay_confirm'
                          : 'engagement.notifications.dead_replay',
                      )}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
