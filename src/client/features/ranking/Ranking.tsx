import { useEffect, useState } from 'react'
import type { RankingAnswer, RankingEntryDto } from '#shared/contract/ranking'
import { call, contract } from '#client/api.ts'
import { usePage, type PageProps } from '#client/app/context.tsx'
import '#client/features/engagement/engagement.css'

const { getRanking } = contract(() => import('#shared/contract/ranking'))

function Movement({ change }: { change: number }) {
  const { t } = usePage()
  if (change > 0)
    return (
      <span className="move-up" title={t('engagement.ranking.up', { n: change })}>
        ▲ {change}
        <span className="visually-hidden"> {t('engagement.ranking.up', { n: change })}</span>
      </span>
    )
  if (change < 0)
    return (
      <span className="move-down" title={t('engagement.ranking.down', { n: -change })}>
        ▼ {-change}
        <span className="visually-hidden"> {t('engagement.ranking.down', { n: -change })}</span>
      </span>
    )
  return (
    <span className="move-same" title={t('engagement.ranking.same')}>
      –
    </span>
  )
}

function Row({ e }: { e: RankingEntryDto }) {
  const { t } = usePage()
  return (
    <tr className={e.is_me ? 'ranking-me' : undefined} data-testid="ranking-row">
      <td>{e.position}</td>
      <td>
        <Movement change={e.position_change} />
      </td>
      <td>{e.is_me ? `${e.name} (${t('engagement.ranking.you')})` : e.name}</td>
      <td>{e.points}</td>
    </tr>
  )
}

/** /ranking (SPEC §2; issue 11 §3): the last closed day, movement arrows, and the person's own place. */
export default function Ranking(_: PageProps<null>) {
  const { t, locale, boot, href } = usePage()
  const [data, setData] = useState<RankingAnswer | null>(null)
  useEffect(() => {
    void call(getRanking, { silent: true }).then((res) => res.success && setData(res))
  }, [])
  if (!data)
    return (
      <p className="muted" aria-busy="true">
        …
      </p>
    )
  const meShown = data.me && data.ranking.some((e) => e.is_me)
  const day = data.day
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${data.day}T12:00:00Z`))
    : null
  return (
    <section className="ranking" data-testid="ranking">
      <p className="lead">{t('engagement.ranking.intro')}</p>
      {day && <p className="muted">{t('engagement.ranking.updated', { day })}</p>}
      {data.hidden && <p data-testid="ranking-hidden">{t('engagement.ranking.hidden')}</p>}
      {!data.hidden && !data.me && data.day && <p className="muted">{t('engagement.ranking.not_ranked')}</p>}
      {data.ranking.length === 0 ? (
        <p>{t('engagement.ranking.empty')}</p>
      ) : (
        <table className="ranking-table">
          <thead>
            <tr>
              <th>{t('engagement.ranking.position')}</th>
              <th>
                <span className="visually-hidden">±</span>
              </th>
              <th>{t('engagement.ranking.name')}</th>
              <th>{t('engagement.ranking.points')}</th>
            </tr>
          </thead>
          <tbody>
            {data.ranking.map((e) => (
              <Row key={e.position} e={e} />
            ))}
          </tbody>
        </table>
      )}
      {data.me && !meShown && (
        <div className="ranking-own" data-testid="ranking-own">
          <h2>{t('engagement.ranking.your_row')}</h2>
          <table className="ranking-table">
            <tbody>
              <Row e={data.me} />
            </tbody>
          </table>
        </div>
      )}
      {boot.user && (
        <p className="muted">
          <a href={`${href('profile')}#ranking`}>{t('engagement.ranking.settings_title')}</a>
        </p>
      )}
    </section>
  )
}
