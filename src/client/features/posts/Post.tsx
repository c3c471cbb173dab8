import { useEffect, useMemo, useState, type SyntheticEvent } from 'react'
import type { PostPageData } from '#shared/contract/posts'
import { formatDate } from '#client/components/dates.ts'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { backHref } from '#client/app/back.ts'
import { readLocal, writeLocal } from '#client/stores/session.ts'
import { tableOfContents } from './toc'
import { Cover } from '#client/components/Cover.tsx'

/** SPEC §9: an article counts as read once the reader scrolled past 90% of it. */
const READ_AT = 0.9

type Format = 'article' | 'audio' | 'video'

/**
 * An article (SPEC §2 "/post/{slug}"): a format bar (article, and audio or video when the post
 * has them), a reading-progress bar, a table of contents from its h2/h3 with anchors, reading
 * time, last update, related articles and routes. Read past 90% → its path joins articles_read.
 */
export default function Post({ data, boot }: PageProps<PostPageData>) {
  const { t, href } = usePage()
  const p = data.post
  const { html, toc } = useMemo(() => tableOfContents(p.content ?? ''), [p.content])
  const audios = p.audios ?? []
  const videos = p.videos ?? []
  const formats: Format[] = [
    'article',
    ...(audios.length ? (['audio'] as const) : []),
    ...(videos.length ? (['video'] as const) : []),
  ]
  const [format, setFormat] = useState<Format>('article')
  const progress = useReadingProgress(boot.path)
  const updated = p.updated_at ? formatDate(p.updated_at, boot) : null

  return (
    <article className="post-page">
      <div
        className="reading-progress"
        role="progressbar"
        aria-label={t('post_page.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress * 100)}
      >
        <span style={{ transform: `scaleX(${progress})` }} />
      </div>
      <a className="back-link" href={backHref(boot, href) ?? undefined}>
        ← {t('frame.back')}
      </a>
      {p.images?.cover && <Cover className="page-cover" src={p.images.cover} on="page" testId="post-cover" />}
      <h1>{p.title}</h1>
      <p className="meta">
        {p.time_for_reading ? t('blog_page.reading_time', { n: p.time_for_reading }) : null}
        {updated ? ` · ${t('post_page.updated', { date: updated })}` : null}
      </p>
      {formats.length > 1 && (
        <div className="format-bar" role="tablist" aria-label={t('post_page.formats')}>
          {formats.map((f) => (
            <button
              key={f}
              type="button"
              role="tab"
              aria-selected={format === f}
              className={format === f ? 'active' : ''}
              onClick={() => setFormat(f)}
              data-testid={`format-${f}`}
            >
              {t(`post_page.${f}`)}
            </button>
          ))}
        </div>
      )}
      {format === 'audio' &&
        audios.map((a) => <PostMedia key={a.key} kind="audio" src={`/media/${a.key}`} label={a.title ?? p.title} />)}
      {format === 'video' &&
        videos.map((v) => <PostMedia key={v.key} kind="video" src={`/media/${v.key}`} label={v.title ?? p.title} />)}
      {toc.length > 0 && (
        <nav className="toc" aria-labelledby="toc-title" data-testid="toc">
          <h2 id="toc-title">{t('post_page.contents')}</h2>
          <ol>
            {toc.map((h) => (
              <li key={h.id} className={`toc-h${h.level}`} data-number={h.number}>
                <span className="toc-n">{h.number}</span> <a href={`#${h.id}`}>{h.text}</a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {/* Post bodies are stored and served allowlisted (worker/lib/html.ts): nothing in them can run. */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
      {data.related.length > 0 && (
        <section className="related">
          <h2>{t('post_page.related')}</h2>
          <ul className="post-list">
            {data.related.map((r) => (
              <li key={r.id}>
                <a href={href('post', { slug: r.slug })}>{r.title}</a>
                {r.description && <p>{r.description}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.routes && data.routes.length > 0 && (
        <section className="related">
          <h2>{t('post_page.related_routes')}</h2>
          <ul className="post-list">
            {data.routes.map((r) => (
              <li key={r.id}>
                <a href={href('route', { slug: r.slug })}>{r.title}</a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  )
}

/**
 * A post's audio or video (SPEC §2 format bar). A file that cannot play (gone, refused, a format
 * this browser lacks) says so in words instead of a silent 0:00 player (issue 42 §1); the error
 * is only logged besides (SPEC §8).
 */
function PostMedia({ kind, src, label }: { kind: 'audio' | 'video'; src: string; label: string }) {
  const { t } = usePage()
  const [failed, setFailed] = useState(false)
  const onError = (e: SyntheticEvent<HTMLMediaElement>) => {
    console.warn(`[post] the ${kind} could not be loaded:`, e.currentTarget.error?.code ?? 'unknown')
    setFailed(true)
  }
  if (failed)
    return (
      <p className="post-media-error" role="alert" data-testid="post-media-error">
        {t(kind === 'audio' ? 'listening.post_audio_unavailable' : 'listening.post_video_unavailable')}
      </p>
    )
  return kind === 'audio' ? (
    <audio
      className="post-audio"
      controls
      preload="metadata"
      src={src}
      aria-label={label}
      onError={onError}
      data-testid="post-audio"
    />
  ) : (
    <video
      controls
      preload="metadata"
      playsInline
      src={src}
      aria-label={label}
      onError={onError}
      data-testid="post-video"
    />
  )
}

/** How far the article has been read (0–1); past READ_AT the path is stored in articles_read. */
function useReadingProgress(path: string): number {
  const [progress, setProgress] = useState(0)
  useEffect(() => {
    let frame = 0
    let counted = (readLocal<string[]>('articles_read') ?? []).includes(path)
    const measure = () => {
      frame = 0
      const doc = document.documentElement
      const max = doc.scrollHeight - window.innerHeight
      const value = max > 0 ? Math.min(1, Math.max(0, window.scrollY / max)) : 1
      setProgress(value)
      if (!counted && value > READ_AT) {
        counted = true
        const read = readLocal<string[]>('articles_read') ?? []
        if (!read.includes(path)) writeLocal('articles_read', [...read, path].slice(-200))
      }
    }
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('resize', onScroll)
    measure()
    return () => {
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('resize', onScroll)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [path])
  return progress
}
