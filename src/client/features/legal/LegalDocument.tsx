import { Fragment, type ReactNode } from 'react'
import type { LegalBlock, LegalKind, LegalPageData } from '#shared/contract/legal'
import { localizePath, type Locale } from '#shared/i18n/index'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { useHydrated } from '#client/components/forms.tsx'
import { formatDate } from '#client/components/dates.ts'
import { openConsent } from '#client/features/site/consent/consent.ts'
import './legal.css'

/** The section of the cookie policy that offers the button to change the choice. */
const CHOICE_SECTIONS = new Set(['choice', 'eleccion'])
const KINDS: LegalKind[] = ['terms', 'privacy', 'cookies', 'consent']

/**
 * /terms, /privacy, /cookies and /consent (issue 8 §5): the title, the date of the last update,
 * a table of contents with anchors, and the sections. The texts arrive as the page's data.
 */
export default function LegalDocument({ data, boot }: PageProps<LegalPageData>) {
  const { t, href, locale } = usePage()
  const updated = formatDate(
    `${data.updated}T12:00:00Z`,
    { locale, timeZone: 'UTC' },
    { day: 'numeric', month: 'long', year: 'numeric' },
  )
  return (
    <article className="legal" data-testid={`legal-${data.kind}`}>
      <header className="legal-head">
        <h1>{boot.title}</h1>
        <p className="legal-updated">
          <time dateTime={data.updated}>{t('legal.updated', { date: updated })}</time>
        </p>
        {data.intro.map((p, i) => (
          <p key={i} className="legal-intro">
            <Rich text={p} locale={locale} />
          </p>
        ))}
      </header>

      <nav className="legal-toc" id="contents" aria-labelledby="legal-toc-title">
        <h2 id="legal-toc-title">{t('legal.contents')}</h2>
        <ol>
          {data.sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.h}</a>
            </li>
          ))}
        </ol>
      </nav>

      {data.sections.map((s) => (
        <section key={s.id} className="legal-section" aria-labelledby={s.id}>
          <h2 id={s.id}>{s.h}</h2>
          {s.body.map((b, i) => (
            <Block key={i} block={b} locale={locale} />
          ))}
          {data.kind === 'cookies' && CHOICE_SECTIONS.has(s.id) && <CookieChoice />}
          <p className="legal-to-top">
            <a href="#contents">
              <span aria-hidden="true">↑ </span>
              {t('legal.to_contents')}
            </a>
          </p>
        </section>
      ))}

      <aside className="legal-help">
        <p>
          {t('legal.help_note')} <a href={href('help')}>{t('help.link')}</a>
        </p>
      </aside>

      <nav className="legal-more" aria-labelledby="legal-more-title">
        <h2 id="legal-more-title">{t('legal.more')}</h2>
        <ul>
          {KINDS.filter((k) => k !== data.kind).map((k) => (
            <li key={k}>
              <a href={href(k)}>{t(`pages.${k}`)}</a>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  )
}

function Block({ block, locale }: { block: LegalBlock; locale: Locale }) {
  if (typeof block === 'string') {
    return (
      <p>
        <Rich text={block} locale={locale} />
      </p>
    )
  }
  if ('list' in block) {
    return (
      <ul className="legal-list">
        {block.list.map((item, i) => (
          <li key={i}>
            <Rich text={item} locale={locale} />
          </li>
        ))}
      </ul>
    )
  }
  const { head, rows } = block.table
  // On a phone each row reads as a small card, each cell labelled with its column (legal.css).
  return (
    <div className="legal-table-wrap">
      <table className={`legal-table legal-table-${head.length}`}>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) =>
                c === 0 ? (
                  <th key={c} scope="row" data-label={head[c]}>
                    <Rich text={cell} locale={locale} />
                  </th>
                ) : (
                  <td key={c} data-label={head[c]}>
                    <Rich text={cell} locale={locale} />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

const LINK = /\[([^\]]+)\]\(((?:\/|mailto:|https:\/\/)[^)\s]*)\)/g

/** Text with `[label](target)` links: a site path (made local to the language), mailto: or https:. */
export function Rich({ text, locale }: { text: string; locale: Locale }) {
  const parts: ReactNode[] = []
  let last = 0
  let m: RegExpExecArray | null
  LINK.lastIndex = 0
  while ((m = LINK.exec(text))) {
    if (m.index > last) parts.push(<Fragment key={last}>{text.slice(last, m.index)}</Fragment>)
    const [, label, target] = m as unknown as [string, string, string]
    parts.push(
      target.startsWith('/') ? (
        <a key={m.index} href={localizePath(target, locale)}>
          {label}
        </a>
      ) : target.startsWith('https://') ? (
        <a key={m.index} href={target} rel="noopener noreferrer" target="_blank">
          {label}
        </a>
      ) : (
        <a key={m.index} href={target}>
          {label}
        </a>
      ),
    )
    last = m.index + m[0].length
  }
  if (last < text.length) parts.push(<Fragment key={last}>{text.slice(last)}</Fragment>)
  return <>{parts}</>
}

/** Opens the consent banner again (the footer's 'Cookie settings'); it needs JavaScript. */
function CookieChoice() {
  const { t } = usePage()
  const hydrated = useHydrated()
  return (
    <p>
      <button
        type="button"
        className="button"
        onClick={openConsent}
        disabled={!hydrated}
        data-testid="legal-cookie-settings"
      >
        {t('legal.cookie_settings')}
      </button>
    </p>
  )
}
