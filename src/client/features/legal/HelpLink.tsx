import { usePage } from '#client/app/context.tsx'
import './help-link.css'
import { LineIcon } from '#client/components/LineIcon.tsx'

/**
 * 'Need help now?' in the header of every page, for visitors and signed-in people (issue 8 §6).
 * Narrow screens show the short word; the full question stays the link's accessible name.
 */
export function HelpLink() {
  const { t, href, boot } = usePage()
  return (
    <a
      className="help-link"
      href={href('help')}
      data-testid="help-link"
      aria-current={boot.page === 'help' ? 'page' : undefined}
    >
      <LineIcon size={16} weight={2.2}>
        <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
      </LineIcon>
      <span className="help-link-long visually-hidden">{t('help.link')}</span>
      <span className="help-link-short" aria-hidden="true">
        {t('help.link_short')}
      </span>
    </a>
  )
}
