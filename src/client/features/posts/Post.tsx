import type { PostPageData } from '#shared/contract/posts'
import { formatDate } from '#client/components/dates.ts'
import { usePage, type PageProps } from '#client/app/context.tsx'

/** An article (SPEC §2 "/post/{slug}"): reading time, last update, table of contents, related. */
export default function Post({ data }: PageProps<PostPageData>) {
  const { t, href, boot } = usePage()
  const p = data.post
  const toc = [...(p.content ?? '').matchAll(/<h([23])[^>]*>(.*?)<\/h\1>/gis)].map((m) => ({ level: Number(m[1]), text: m[2]!.replace(/<[^>]+>/g, '') }))
  const updated = p.updated_at ? formatDate(p.updated_at, boot) : null
  return (
    <article className="post-page">
      <a className="back-link" href={href('blog')}>← {t('frame.back')}</a>
      <h1>{p.title}</h1>
      <p className="meta">
        {p.time_for_reading ? t('blog_page.reading_time', { n: p.time_for_reading }) : null}
        {updated ? ` · ${updated}` : null}
      </p>
      {toc.length > 0 && (
        <nav className="toc">
          <ul>
            {toc.map((h, i) => (
              <li key={i} className={`toc-h${h.level}`}>{h.text}</li>
            ))}
          </ul>
        </nav>
      )}
      {/* Post bodies are written by staff in the admin and stored as HTML. */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: p.content ?? '' }} />
      {data.related.length > 0 && (
        <ul className="post-list">
          {data.related.map((r) => (
            <li key={r.id}>
              <a href={href('post', { slug: r.slug })}>{r.title}</a>
            </li>
          ))}
        </ul>
      )}
    </article>
  )
}
