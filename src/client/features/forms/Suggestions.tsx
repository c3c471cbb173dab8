import { useEffect, useRef, useState } from 'react'
import { FORM_LIMITS, sendSuggestion } from '#shared/contract/forms'
import { call } from '#client/api.ts'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { BusyButton, Check, EmailField, Field, FormAlert } from '#client/components/Field.tsx'
import { captchaToken, useCaptcha } from '#client/components/Turnstile.tsx'
import { useForm } from '#client/components/forms.tsx'
import { notify } from '#client/stores/toasts.ts'
import { TextArea } from './inputs'
import { FormPage } from './StepForm'
import '#client/components/forms.css'
import './forms.css'

/**
 * /suggestions (SPEC §2): where the route search and the blog send people when nothing was
 * found. Asks for a route about what was searched (`?keyword=`, filled in), optional details,
 * and 'tell me when such a route is published' with an email (a signed-in person's is filled in).
 */
export default function Suggestions(_: PageProps) {
  const { t, href, boot } = usePage()
  const captcha = useCaptcha()
  const searched = (boot.query.keyword ?? '').trim().slice(0, FORM_LIMITS.keywordMax)
  const [keyword, setKeyword] = useState(searched)
  const [text, setText] = useState('')
  const [notifyMe, setNotifyMe] = useState(false)
  const [email, setEmail] = useState(boot.user?.email ?? '')
  const form = useForm()
  const { busy, errors, alert } = form
  const [done, setDone] = useState<string | null>(null)
  const doneRef = useRef<HTMLDivElement>(null)
  // The form gives way to the thanks: bring it into view and say it (role=status, focused).
  useEffect(() => {
    if (done) doneRef.current?.focus()
  }, [done])

  async function submit() {
    const token = captchaToken(captcha, form, t)
    if (!token) return
    const res = await form.send(
      () =>
        call(sendSuggestion, {
          input: { keyword, text, notify: notifyMe, email: notifyMe ? email : undefined },
          captcha: token,
          silent: true,
        }),
      { alert: true },
    )
    captcha.reset()
    if (!res) return
    const message = res.message ?? t('forms.suggestions.thanks')
    notify(message, 'success')
    setDone(message)
  }

  return (
    <FormPage title={t('forms.suggestions.title')} lead={t('forms.suggestions.lead')} testId="suggestions-page">
      {done ? (
        <div className="form-done" role="status" tabIndex={-1} ref={doneRef} data-testid="suggestion-sent">
          <div className="auth-done-icon" aria-hidden="true">
            ✓
          </div>
          <h2>{done}</h2>
          <div className="auth-actions">
            <a className="button button-primary" href={href('routes')}>
              {t('forms.suggestions.back_to_routes')}
            </a>
          </div>
        </div>
      ) : (
        <form className="suggest-form" onSubmit={form.onSubmit(submit)} noValidate data-testid="suggestion-form">
          <FormAlert message={alert} />
          {searched && <p className="suggest-searched">{t('forms.suggestions.searched', { keyword: searched })}</p>}
          <Field
            label={t('forms.suggestions.keyword')}
            name="keyword"
            maxLength={FORM_LIMITS.keywordMax}
            value={keyword}
            onValue={setKeyword}
            hint={t('forms.suggestions.keyword_hint')}
            error={errors.keyword}
            required
          />
          <TextArea
            label={t('forms.suggestions.text')}
            tag={t('forms.optional')}
            name="text"
            value={text}
            onValue={setText}
            maxLength={FORM_LIMITS.suggestionTextMax}
            hint={t('forms.suggestions.text_hint')}
            error={errors.text}
          />
          <div className="suggest-notify">
            <Check name="notify" checked={notifyMe} onChecked={setNotifyMe} error={errors.notify}>
              {t('forms.suggestions.notify')}
            </Check>
            {notifyMe && (
              <EmailField
                label={t('forms.suggestions.email')}
                value={email}
                onValue={setEmail}
                hint={t('forms.suggestions.email_hint')}
                error={errors.email}
                required
              />
            )}
          </div>
          {captcha.widget}
          <BusyButton busy={busy} sending={t('forms.sending')} testId="suggestion-send">
            {t('forms.suggestions.send')}
          </BusyButton>
        </form>
      )}
    </FormPage>
  )
}
