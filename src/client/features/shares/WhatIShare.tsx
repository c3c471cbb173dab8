import { useEffect, useState } from 'react'
import type { ShareDto, ShareViewDto } from '#shared/contract/shares'
import { READS } from '#shared/contract/reads.wire'
import { call, contract, read } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { formatDate } from '#client/components/dates.ts'
import { useForm } from '#client/components/forms.tsx'
import { ShareBoxes, NOTHING, type Boxes } from './ShareBoxes'
import './shares.css'

// The two lists are read without zod as the profile opens (decision 069); a save brings the contract.
const { saveShare } = contract(() => import('#shared/contract/shares'))

const boxesOf = (s: ShareDto): Boxes => ({
  checkins: s.checkins,
  notes: s.notes,
  practice: s.practice,
  safety_plan: s.safety_plan,
})

/**
 * The profile's "What I share" / "Lo que comparto" (issue 44 §1): one card per psychologist the
 * person has a session with, the four switches, save and "stop sharing everything", and every
 * time a psychologist looked (who, when, in the person's zone). Its own chunk, read after
 * hydration: the lists are the person's own, never in the page's HTML.
 */
export default function WhatIShare() {
  const { t } = usePage()
  const [shares, setShares] = useState<ShareDto[] | null>(null)
  const [views, setViews] = useState<ShareViewDto[] | null>(null)

  useEffect(() => {
    void read(READS.shares, { silent: true }).then((r) => setShares(r.success ? r.shares : []))
    void read(READS.shareViews, { silent: true }).then((r) => setViews(r.success ? r.views : []))
  }, [])

  return (
    <section className="profile-card share-card" aria-labelledby="profile-shares" data-testid="profile-shares">
      <h2 id="profile-shares">{t('shares.profile.title')}</h2>
      <p className="field-hint">{t('shares.profile.intro')}</p>
      {shares === null ? null : shares.length === 0 ? (
        <p className="empty" data-testid="shares-empty">
          {t('shares.profile.empty')}
        </p>
      ) : (
        <ul className="share-list">
          {shares.map((s) => (
            <li key={s.host_id}>
              <ShareWith
                share={s}
                onSaved={(next) => setShares((all) => (all ?? []).map((x) => (x.host_id === next.host_id ? next : x)))}
              />
            </li>
          ))}
        </ul>
      )}
      <Views views={views} />
    </section>
  )
}

function ShareWith({ share: s, onSaved }: { share: ShareDto; onSaved: (s: ShareDto) => void }) {
  const { t, boot } = usePage()
  const [boxes, setBoxes] = useState<Boxes>(boxesOf(s))
  const { busy, send } = useForm()
  const name = s.host.name ?? t('shares.profile.someone')
  const changed = Object.entries(boxes).some(([k, v]) => s[k as keyof Boxes] !== v)
  const anything = s.checkins || s.notes || s.practice || s.safety_plan
  const headingId = `share-host-${s.host_id}`

  async function save(next: Boxes) {
    const res = await send(() => call(saveShare, { input: { host_id: s.host_id, ...next } }))
    if (res) {
      setBoxes(boxesOf(res.share))
      onSaved(res.share)
    }
  }

  const status = !s.host_active
    ? t('shares.profile.host_left', { name })
    : s.active
      ? t('shares.profile.active')
      : t('shares.profile.inactive')
  return (
    <article className="share-host" aria-labelledby={headingId} data-testid="share-host" data-host={s.host_id}>
      <div className="share-host-head">
        <span className="share-avatar" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <div>
          <h3 id={headingId}>{t('shares.profile.with', { name })}</h3>
          <p className={`share-status${s.active ? ' share-on' : ''}`} data-testid="share-status">
            {status}
          </p>
          {s.active && s.ends_at && (
            <p className="field-hint">
              {t('shares.profile.ends', {
                date: formatDate(s.ends_at, boot, { day: 'numeric', month: 'long', year: 'numeric' }),
              })}
            </p>
          )}
        </div>
      </div>
      <form
        className="share-form"
        onSubmit={(e) => {
          e.preventDefault()
          void save(boxes)
        }}
        noValidate
      >
        <ShareBoxes
          legend={t('shares.profile.choices', { name })}
          boxes={boxes}
          onChange={setBoxes}
          disabled={busy || (!s.host_active && !anything)}
        />
        <div className="auth-actions">
          <button className="button button-primary" type="submit" disabled={busy || !changed} data-testid="share-save">
            {t('shares.profile.save')}
          </button>
          {anything && (
            <button
              className="button"
              type="button"
              disabled={busy}
              onClick={() => void save(NOTHING)}
              data-testid="share-withdraw"
            >
              {t('shares.profile.withdraw')}
            </button>
          )}
        </div>
      </form>
    </article>
  )
}

function Views({ views }: { views: ShareViewDto[] | null }) {
  const { t, boot } = usePage()
  if (views === null) return null
  const when = (iso: string) =>
    formatDate(iso, boot, { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' })
  return (
    <div className="share-views" data-testid="share-views">
      <h3 id="share-views-title">{t('shares.profile.views_title')}</h3>
      {views.length === 0 ? (
        <p className="field-hint" data-testid="share-views-empty">
          {t('shares.profile.views_empty')}
        </p>
      ) : (
        <ul aria-labelledby="share-views-title">
          {views.map((v) => (
            <li key={v.id} data-testid="share-view">
              <span>
                {t('shares.profile.view_line', {
                  name: v.host_name ?? t('shares.profile.someone_left'),
                  when: when(v.viewed_at),
                })}
              </span>
              <span className="field-hint">
                {t('shares.profile.view_saw', {
                  parts: v.seen.length
                    ? v.seen.map((p) => t(`shares.parts.${p}`)).join(', ')
                    : t('shares.profile.view_nothing'),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
