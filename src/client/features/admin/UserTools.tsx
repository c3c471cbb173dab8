// A user's credits and plan in the admin's users screen (issue 12): adjusting the balance with a
// reason, assigning a plan chosen by name. Apart from AdminTools.tsx, beside UsersScreen.tsx.
import { useState } from 'react'
import { adjustCredits } from '#shared/contract/admin'
import { assignPlan } from '#shared/contract/plans'
import { formatMoney } from '#shared/catalogue'
import { call } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { useForm } from '#client/components/forms.tsx'
import { ChoiceSelect } from './AdminTools'
import { useChoices } from './choices'

export function UserTools({ userId, reload }: { userId: number; reload: () => void }) {
  const { t, locale } = usePage()
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [planId, setPlanId] = useState('')
  const plans = useChoices('plans')
  const [balance, setBalance] = useState<number | null>(null)
  const { busy, errors, send } = useForm()
  return (
    <div className="adm-inline" data-testid="user-tools">
      <fieldset>
        <legend>{t('admin.users.adjust')}</legend>
        <label>
          {t('admin.fields.amount')}{' '}
          <input
            type="number"
            step="0.01"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            data-testid="credits-amount"
          />
        </label>
        <label>
          {t('admin.fields.reason')}{' '}
          <input value={reason} onChange={(e) => setReason(e.target.value)} data-testid="credits-reason" />
        </label>
        <button
          type="button"
          className="adm-btn"
          data-testid="credits-save"
          disabled={busy}
          onClick={async () => {
            const res = await send(() =>
              call(adjustCredits, {
                input: { user_id: userId, amount_cents: Math.round(Number(amount) * 100), reason },
              }),
            )
            if (!res) return
            setBalance(res.credits_cents)
            reload()
          }}
        >
          {t('admin.list.save')}
        </button>
        {Object.values(errors)[0] ? <p className="adm-error">{Object.values(errors)[0]}</p> : null}
        {balance !== null ? <p>{t('admin.users.balance', { n: formatMoney(balance, locale) })}</p> : null}
      </fieldset>
      <fieldset>
        <legend>{t('admin.users.assign_plan')}</legend>
        <ChoiceSelect
          label={t('admin.fields.plan')}
          choices={plans}
          value={planId}
          set={setPlanId}
          testId="assign-plan"
        />
        <button
          type="button"
          className="adm-btn"
          disabled={!planId}
          data-testid="assign-plan-save"
          onClick={() => void call(assignPlan, { input: { plan_id: Number(planId), user_id: userId } })}
        >
          {t('admin.users.assign_plan')}
        </button>
      </fieldset>
    </div>
  )
}
