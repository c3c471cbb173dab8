import { useEffect, useState } from 'react'
import type { RewardDto, RewardsAnswer } from '#shared/contract/rewards'
import { call, contract } from '#client/api.ts'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { useForm } from '#client/components/forms.tsx'
import { StreakView } from '#client/features/engagement/StreakView.tsx'
import { LevelIcon } from '#client/features/engagement/icons.tsx'
import '#client/features/engagement/engagement.css'

const { claimReward, listRewards } = contract(() => import('#shared/contract/rewards'))

/** 'Manage your rewards' (SPEC §2; issue 11 §7): progress, the streak, every reward by type and level, claim. */
export default function Rewards(_: PageProps<null>) {
  const { t } = usePage()
  const [data, setData] = useState<RewardsAnswer | null>(null)
  const form = useForm()
  const [chosen, setChosen] = useState<number | null>(null)
  const busy = form.busy ? chosen : null
  const load = () => call(listRewards, { silent: true }).then((res) => res.success && setData(res))
  useEffect(() => {
    void load()
  }, [])
  const claim = async (r: RewardDto) => {
    setChosen(r.id)
    // 409: claimed already (another tab): the list is read again either way.
    const res = await form.send(() => call(claimReward, { input: { reward_id: r.id } }), {
      onRefusal: (refused) => refused.status === 409 && void load(),
    })
    if (res) await load()
  }
  if (!data)
    return (
      <p className="muted" aria-busy="true">
        {t('engagement.rewards.page.loading')}
      </p>
    )
  return (
    <section className="rewards" data-testid="rewards">
      <p className="lead">{t('engagement.rewards.page.intro')}</p>
      <div className="rewards-progress" data-testid="user-progress">
        <progress max={100} value={data.user_progress} aria-hidden="true" />
        <span>{t('engagement.rewards.page.progress', { percent: data.user_progress })}</span>
      </div>
      <div className="engagement-block">
        <h2>{t('engagement.streak.title')}</h2>
        <StreakView streak={data.streak} />
      </div>
      {data.rewards.length === 0 && <p>{t('engagement.rewards.page.empty')}</p>}
      {data.rewards.map((g) => (
        <section key={g.key} className="reward-type" data-testid={`reward-type-${g.key}`}>
          <h3>{g.title}</h3>
          <p>{g.description}</p>
          <ul className="reward-list">
            {g.rewards.map((r) => (
              <li
                key={r.id}
                className={`reward${r.is_acquired ? '' : ' reward-locked'}`}
                data-testid="reward"
                data-acquired={r.is_acquired ? '1' : '0'}
              >
                <span className="reward-icon">
                  <LevelIcon icon={r.level.icon} />
                </span>
                <span className="reward-body">
                  <strong>{r.description}</strong>
                  <small>
                    {r.level.title} ·{' '}
                    {r.is_acquired ? t('engagement.rewards.page.earned') : t('engagement.rewards.page.not_yet')}
                  </small>
                </span>
                {r.is_acquired &&
                  (r.is_claimed ? (
                    <span className="reward-claimed">{t('engagement.rewards.page.claimed_label')}</span>
                  ) : (
                    <button
                      type="button"
                      className="button button-small button-primary"
                      disabled={busy === r.id}
                      onClick={() => void claim(r)}
                      data-testid="claim"
                    >
                      {t('engagement.rewards.page.claim')}
                    </button>
                  ))}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  )
}
