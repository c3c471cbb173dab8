import { localizePath } from '#shared/i18n/index'
import { openConsent } from '#client/features/site/consent/consent.ts'
import { usePage } from './context'

/**
 * Footer, visitors only: legal links, 3 posts for 'test' and 3 for 'plan' in this language,
 * social and app-store links, the language switch and the fixed © 2024 (SPEC §2). Its own module:
 * a signed-in page has no footer, so its code is not in the frame's chunk (decision 071).
 */
export function Footer() {
  const { boot, t, href } = usePage()
  const other = boot.locale === 'es' ? 'en' : 'es'
  const switchHref = localizePath(boot.path, other) + boot.search
  /** A column of articles the footer links to (the tests, the plans). */
  const postLinks = (testId: string, title: string, posts: { slug: string; title: string }[] | undefined) => (
    <section data-testid={testId}>
      <h2>{title}</h2>
      {posts?.map((p) => (
        <a key={p.slug} href={href('post', { slug: p.slug })}>
          {p.title}
        </a>
      ))}
    </section>
  )
  return (
    <footer className="footer">
      <div className="footer-cols">
        <section>
          <h2>{t('frame.footer_legal')}</h2>
          <a href={href('terms')}>{t('frame.footer_terms')}</a>
          <a href={href('cookies')}>{t('frame.footer_cookies')}</a>
          <a href={href('privacy')}>{t('frame.footer_privacy')}</a>
          <a href={href('consent')}>{t('frame.footer_consent')}</a>
          <a href={href('contact')}>{t('frame.footer_contact')}</a>
          <button type="button" className="link-button" onClick={openConsent} data-testid="cookie-settings">
            {t('consent.settings')}
          </button>
        </section>
        {postLinks('footer-tests', t('frame.footer_tests'), boot.footer?.tests)}
        {postLinks('footer-plans', t('frame.footer_plans'), boot.footer?.plans)}
        <section>
          <h2>{t('frame.footer_follow')}</h2>
          <a href="https://www.instagram.com/" rel="noopener noreferrer" target="_blank">
            Instagram
          </a>
          <a href="https://www.tiktok.com/" rel="noopener noreferrer" target="_blank">
            TikTok
          </a>
          <a href="https://www.youtube.com/" rel="noopener noreferrer" target="_blank">
            YouTube
          </a>
          <h2>{t('frame.footer_apps')}</h2>
          <a href="https://apps.apple.com/" rel="noopener noreferrer" target="_blank">
            {t('frame.app_store')}
          </a>
          <a href="https://play.google.com/" rel="noopener noreferrer" target="_blank">
            {t('frame.google_play')}
          </a>
        </section>
      </div>
      <div className="footer-bottom">
        <nav aria-label={t('frame.language')} className="lang-switch">
          {/* The current language is plain text, the other a real link (crawlable). */}
          {boot.locale === 'es' ? (
            <span aria-current="true">Español</span>
          ) : (
            <a href={localizePath(boot.path, 'es') + boot.search} hrefLang="es">
              Español
            </a>
          )}
          <span aria-hidden="true"> / </span>
          {boot.locale === 'en' ? (
            <span aria-current="true">English</span>
          ) : (
            <a href={switchHref} hrefLang="en">
              English
            </a>
          )}
        </nav>
        <p>{t('frame.copyright')}</p>
      </div>
    </footer>
  )
}
