import { usePage, type PageProps } from './context'

/** A page whose feature has not landed yet: its frame and title, never a blank (foundation §5). */
export default function Placeholder(_: PageProps) {
  const { boot, t } = usePage()
  return (
    <section className="placeholder">
      <h1>{boot.title}</h1>
      <p>{t('frame.coming_soon')}</p>
    </section>
  )
}
