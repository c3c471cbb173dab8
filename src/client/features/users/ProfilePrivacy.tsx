import { lazy, Suspense, useState } from 'react'
import { call, contract } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { useForm, useHydrated } from '#client/components/forms.tsx'

const { exportMyData } = contract(() => import('#shared/contract/users'))
// 'Sure?' and its captcha, when the person asks to delete the account.
const ConfirmDelete = lazy(() => import('./ConfirmDelete'))

/**
 * The profile's privacy card: a download of all the person's data and the account's deletion
 * behind 'Sure?' (SPEC §5). A part of its own, hydrated at the first touch (decision 072).
 */
export default function ProfilePrivacy() {
  const { t } = usePage()
  return (
    <section className="profile-card" aria-labelledby="profile-privacy">
      <h2 id="profile-privacy">{t('accounts.profile.privacy')}</h2>
      <ExportData />
      <DeleteAccount />
    </section>
  )
}

function ExportData() {
  const { t } = usePage()
  const hydrated = useHydrated()
  const { busy, send } = useForm()
  async function download() {
    const res = await send(() => call(exportMyData))
    if (!res) return
    const blob = new Blob([JSON.stringify(res.export, null, 2)], { type: 'application/json' })
    const a = document.createElement('a')
    a.href = URL.createObjectURL(blob)
    a.download = 'calma-my-data.json'
    a.click()
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000)
  }
  return (
    <div className="profile-row">
      <div>
        <strong>{t('accounts.profile.export')}</strong>
        <p className="field-hint">{t('accounts.profile.export_hint')}</p>
      </div>
      <button
        className="button"
        type="button"
        onClick={download}
        disabled={!hydrated || busy}
        data-testid="export-data"
      >
        {t('accounts.profile.export')}
      </button>
    </div>
  )
}

function DeleteAccount() {
  const { t } = usePage()
  const hydrated = useHydrated()
  const [asking, setAsking] = useState(false)
  return (
    <div className="profile-danger">
      <div className="profile-row">
        <div>
          <strong>{t('accounts.profile.delete')}</strong>
          <p className="field-hint">{t('accounts.profile.delete_hint')}</p>
        </div>
        {!asking && (
          <button
            className="button button-danger"
            type="button"
            onClick={() => setAsking(true)}
            disabled={!hydrated}
            data-testid="delete-account"
          >
            {t('accounts.profile.delete')}
          </button>
        )}
      </div>
      {asking && (
        <Suspense fallback={null}>
          <ConfirmDelete onCancel={() => setAsking(false)} />
        </Suspense>
      )}
    </div>
  )
}
