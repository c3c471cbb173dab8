import { useEffect, useId, useRef, useState } from 'react'
import type { CrisisCountry } from '#shared/crisis-lines'
import type { Locale } from '#shared/i18n/index'
import {
  CONTACT_STEPS,
  SAFETY_ITEMS_MAX,
  SAFETY_PHONE_MAX,
  SAFETY_STEPS,
  SAFETY_TEXT_MAX,
  emptySafetyPlan,
  type ContactStep,
  type SafetyContact,
  type SafetyPlanSteps,
  type SafetyStep,
  type TextStep,
} from '#shared/safety'
import { call, contract } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { readDevicePlan, writeDevicePlan, type DevicePlan } from '#client/stores/safety-plan.ts'

const { mySafetyPlan, saveSafetyPlan } = contract(() => import('#shared/contract/care'))

const isContact = (s: SafetyStep): s is ContactStep => (CONTACT_STEPS as readonly string[]).includes(s)

/** A new plan: step 5 already holds the crisis lines of the country /help shows first. */
function freshPlan(country: CrisisCountry | undefined, locale: Locale): DevicePlan {
  const steps = emptySafetyPlan()
  if (country)
    steps.professionals = [...country.emergency, ...country.lines]
      .filter((n) => !n.textOnly)
      .slice(0, SAFETY_ITEMS_MAX)
      .map((n) => ({ name: n.name[locale].slice(0, SAFETY_TEXT_MAX), phone: n.number.slice(0, SAFETY_PHONE_MAX) }))
  return { steps, updatedAt: 0, keep: true, owner: null, pending: false }
}

/** The plan without blank lines, each line trimmed: what is kept and sent. */
function cleaned(steps: SafetyPlanSteps): SafetyPlanSteps {
  const text = (l: string[]) => l.map((x) => x.trim()).filter(Boolean)
  const people = (l: SafetyContact[]) =>
    l.map((c) => ({ name: c.name.trim(), phone: c.phone.trim() })).filter((c) => c.name || c.phone)
  return {
    warning_signs: text(steps.warning_signs),
    coping: text(steps.coping),
    distractions: text(steps.distractions),
    people: people(steps.people),
    professionals: people(steps.professionals),
    environment: text(steps.environment),
  }
}

const telOf = (phone: string) => phone.replace(/[^\d+*#]/g, '')

/**
 * "My safety plan" on /help (issue 44 §4; Stanley & Brown's six steps). Kept on this device first
 * (it opens offline with /help, with no account); kept in the account too when a signed-in person
 * chooses (GET/POST /v1/my/safety-plan), the later edit winning. Printable on one page.
 */
export function SafetyPlan({ country }: { country: CrisisCountry | undefined }) {
  const { t, locale, href, boot } = usePage()
  const id = useId()
  const userId = boot.user?.id ?? null
  const [plan, setPlan] = useState<DevicePlan>(() => freshPlan(country, locale))
  const [draft, setDraft] = useState<SafetyPlanSteps | null>(null)
  const [status, setStatus] = useState('')
  const latest = useRef(plan)
  latest.current = plan

  const keep = (next: DevicePlan) => {
    writeDevicePlan(next)
    setPlan(next)
  }

  /** Sends the device's plan to the account; adopts the account's when it holds a later edit. */
  const sync = async (local: DevicePlan, quiet: boolean) => {
    if (userId === null || !local.keep) return
    if (!navigator.onLine) return void (quiet || setStatus(t('care.plan.offline')))
    const res = await call(saveSafetyPlan, {
      input: { plan: JSON.stringify(local.steps), updated_at: new Date(local.updatedAt || Date.now()).toISOString() },
      silent: true,
    })
    if (!res.success) {
      keep({ ...local, pending: true })
      if (!quiet)
        setStatus(
          res.errors
            ? t('care.plan.invalid', { fields: Object.values(res.errors).flat().join(' ') })
            : t('care.plan.offline'),
        )
      return
    }
    const { updated_at, ...steps } = res.plan
    keep({ ...local, steps, updatedAt: Date.parse(updated_at), owner: userId, pending: false })
    if (!quiet) setStatus(t('care.plan.saved_account'))
  }

  // The device's copy once hydrated (the server's page shows a new plan), then the account's.
  useEffect(() => {
    let local = readDevicePlan()
    // Another account's copy on a shared device is neither shown nor sent.
    if (local && userId !== null && local.owner !== null && local.owner !== userId) local = null
    const start = local ?? freshPlan(country, locale)
    setPlan(start)
    if (userId === null || !navigator.onLine) return
    void (async () => {
      const res = await call(mySafetyPlan, { input: {}, silent: true })
      if (!res.success) return
      const account = res.plan
      const accountAt = account ? Date.parse(account.updated_at) : -1
      if (account && accountAt > (local?.updatedAt ?? -1)) {
        const { updated_at: _at, ...steps } = account
        const adopted = { ...start, steps, updatedAt: accountAt, owner: userId, pending: false }
        writeDevicePlan(adopted)
        setPlan(adopted)
      } else if (local && local.keep && (local.pending || local.updatedAt > accountAt)) await sync(local, true)
    })()
    // An edit made offline reaches the account when the connection is back.
    const online = () => {
      if (latest.current.pending) void sync(latest.current, true)
    }
    window.addEventListener('online', online)
    return () => window.removeEventListener('online', online)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration
  }, [])

  const save = async () => {
    if (!draft) return
    const next: DevicePlan = {
      ...plan,
      steps: cleaned(draft),
      updatedAt: Date.now(),
      owner: userId ?? plan.owner,
      pending: userId !== null && plan.keep,
    }
    keep(next)
    setDraft(null)
    setStatus(t('care.plan.saved_device'))
    await sync(next, false)
  }

  const steps = draft ?? plan.steps
  const setLine = (step: TextStep, i: number, value: string) =>
    setDraft({ ...steps, [step]: steps[step].map((x, n) => (n === i ? value : x)) })
  const setContact = (step: ContactStep, i: number, field: keyof SafetyContact, value: string) =>
    setDraft({ ...steps, [step]: steps[step].map((x, n) => (n === i ? { ...x, [field]: value } : x)) })
  const add = (step: SafetyStep) =>
    setDraft(
      isContact(step)
        ? { ...steps, [step]: [...steps[step], { name: '', phone: '' }] }
        : { ...steps, [step]: [...steps[step], ''] },
    )
  const remove = (step: SafetyStep, i: number) =>
    setDraft({ ...steps, [step]: (steps[step] as unknown[]).filter((_, n) => n !== i) } as SafetyPlanSteps)

  return (
    <section id="safety-plan" className="safety-plan" aria-labelledby={`${id}-title`} data-testid="safety-plan">
      <h2 id={`${id}-title`}>{t('care.plan.title')}</h2>
      <p className="safety-intro">{t('care.plan.intro')}</p>
      <p className="safety-print-note">{t('care.plan.printed_note')}</p>
      {draft ? (
        <form
          className="safety-form"
          onSubmit={(e) => {
            e.preventDefault()
            void save()
          }}
        >
          {SAFETY_STEPS.map((step, n) => (
            <fieldset key={step} className="safety-step" data-testid={`safety-edit-${step}`}>
              <legend>
                {n + 1}. {t(`care.plan.steps.${step}`)}
              </legend>
              <p className="field-hint">{t(`care.plan.hints.${step}`)}</p>
              {isContact(step)
                ? steps[step].map((c, i) => (
                    <div key={i} className="safety-line safety-contact">
                      <label>
                        <span>{t('care.plan.name')}</span>
                        <input
                          value={c.name}
                          maxLength={SAFETY_TEXT_MAX}
                          onChange={(e) => setContact(step, i, 'name', e.target.value)}
                        />
                      </label>
                      <label>
                        <span>{t('care.plan.phone')}</span>
                        <input
                          type="tel"
                          inputMode="tel"
                          value={c.phone}
                          maxLength={SAFETY_PHONE_MAX}
                          onChange={(e) => setContact(step, i, 'phone', e.target.value)}
                        />
                      </label>
                      <button type="button" className="button button-small" onClick={() => remove(step, i)}>
                        {t('care.plan.remove', { n: i + 1 })}
                      </button>
                    </div>
                  ))
                : steps[step].map((line, i) => (
                    <div key={i} className="safety-line">
                      <label>
                        <span className="visually-hidden">
                          {t(`care.plan.steps.${step}`)}: {t('care.plan.item', { n: i + 1 })}
                        </span>
                        <input
                          value={line}
                          maxLength={SAFETY_TEXT_MAX}
                          onChange={(e) => setLine(step, i, e.target.value)}
                        />
                      </label>
                      <button type="button" className="button button-small" onClick={() => remove(step, i)}>
                        {t('care.plan.remove', { n: i + 1 })}
                      </button>
                    </div>
                  ))}
              {steps[step].length < SAFETY_ITEMS_MAX && (
                <button type="button" className="button button-small" onClick={() => add(step)}>
                  {t('care.plan.add')}
                  <span className="visually-hidden">: {t(`care.plan.steps.${step}`)}</span>
                </button>
              )}
            </fieldset>
          ))}
          {userId !== null ? (
            <label className="safety-keep">
              <input
                type="checkbox"
                checked={plan.keep}
                onChange={(e) => setPlan({ ...plan, keep: e.target.checked })}
                data-testid="safety-keep"
              />
              {t('care.plan.keep_in_account')}
            </label>
          ) : (
            <p className="muted">
              <a href={href('login', { query: { redirect_to: `${href('help')}#safety-plan` } })}>
                {t('care.plan.sign_in')}
              </a>
            </p>
          )}
          <div className="safety-actions">
            <button type="submit" className="button button-primary" data-testid="safety-save">
              {t('care.plan.save')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <ol className="safety-steps">
            {SAFETY_STEPS.map((step) => (
              <li key={step} className="safety-step" data-testid={`safety-step-${step}`}>
                <h3>{t(`care.plan.steps.${step}`)}</h3>
                {steps[step].length === 0 ? (
                  <p className="muted">{t('care.plan.empty')}</p>
                ) : isContact(step) ? (
                  <ul>
                    {steps[step].map((c, i) => (
                      <li key={i}>
                        {c.name}
                        {c.phone && (
                          <>
                            {' '}
                            {/* The number stays in the link's name (WCAG 2.5.3 label in name): "Call Ana: 600…". */}
                            <a href={`tel:${telOf(c.phone)}`}>
                              <span className="visually-hidden">
                                {t('care.plan.call', { name: c.name || c.phone })}:{' '}
                              </span>
                              {c.phone}
                            </a>
                          </>
                        )}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <ul>
                    {steps[step].map((line, i) => (
                      <li key={i}>{line}</li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
          <div className="safety-actions">
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                setStatus('')
                setDraft(plan.steps)
              }}
              data-testid="safety-edit"
            >
              {t('care.plan.edit')}
            </button>
            <button type="button" className="button" onClick={() => window.print()}>
              {t('care.plan.print')}
            </button>
          </div>
        </>
      )}
      <p role="status" className="safety-status" data-testid="safety-status">
        {status}
      </p>
    </section>
  )
}
