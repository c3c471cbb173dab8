import { useEffect, useState } from 'react'
import { call, contract } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { useForm } from '#client/components/forms.tsx'
import { ShareBoxes, NOTHING, type Boxes } from './ShareBoxes'
import './shares.css'

const { listShares, saveShare } = contract(() => import('#shared/contract/shares'))

/**
 * After a booking (issue 44 §1): a kind offer to share with this psychologist, every box off,
 * "Not now" as easy as sharing. Not shown when the person already shares with them.
 */
export default function ShareOffer({ hostId, name, onDone }: { hostId: number; name: string; onDone: () => void }) {
  const { t, href } = usePage()
  const [show, setShow] = useState(false)
  const [boxes, setBoxes] = useState<Boxes>(NOTHING)
  const { busy, send } = useForm()

  useEffect(() => {
    void call(listShares, { silent: true }).then((r) => {
      const mine = r.success ? r.shares.find((s) => s.host_id === hostId) : undefined
      setShow(!!mine && mine.host_active && !mine.active)
    })
  }, [hostId])

  if (!show) return null
  const anything = Object.values(boxes).some(Boolean)
  async function save() {
    const res = await send(() => call(saveShare, { input: { host_id: hostId, ...boxes } }))
    if (res) onDone()
  }
  return (
    <section className="share-offer" aria-labelledby="share-offer-title" data-testid="share-offer">
      <h2 id="share-offer-title">{t('shares.offer.title', { name })}</h2>
      <p>{t('shares.offer.body')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
        noValidate
      >
        <ShareBoxes legend={t('shares.profile.choices', { name })} boxes={boxes} onChange={setBoxes} disabled={busy} />
        <div className="auth-actions">
          <button
            className="button button-primary"
            type="submit"
            disabled={busy || !anything}
            data-testid="share-offer-save"
          >
            {t('shares.offer.save')}
          </button>
          <button className="button" type="button" onClick={onDone} disabled={busy} data-testid="share-offer-skip">
            {t('shares.offer.skip')}
          </button>
        </div>
      </form>
      <p className="field-hint">
        <a href={`${href('profile')}#profile-shares`}>{t('shares.offer.later')}</a>
      </p>
    </section>
  )
}
