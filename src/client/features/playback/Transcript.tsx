import { useEffect, useRef, useState } from 'react'
import { usePage } from '#client/app/context.tsx'
import type { UnitStateDto } from '#shared/contract/playback'
import { activeCue, formatTime, parseVtt, type Cue } from './rules'

/** The unit's words under the player, the spoken cue marked; a cue's time seeks there. */
export function Transcript({
  transcripts,
  current,
  onSeek,
}: {
  // From the contract, not Player.tsx's PlayableUnit: the player renders this (no import circle).
  transcripts: NonNullable<UnitStateDto['media']>['transcripts']
  current: number
  onSeek: (t: number) => void
}) {
  const { t, locale } = usePage()
  const [language, setLanguage] = useState(() =>
    transcripts.some((tr) => tr.language === locale) ? locale : transcripts[0]!.language,
  )
  const chosen = transcripts.find((tr) => tr.language === language) ?? transcripts[0]!
  const [cues, setCues] = useState<Cue[] | null>(null)
  useEffect(() => {
    let live = true
    fetch(chosen.url, { credentials: 'same-origin' })
      .then((res) => (res.ok ? res.text() : Promise.reject(new Error(`HTTP ${res.status}`))))
      .then((text) => live && setCues(parseVtt(text)))
      .catch((err) => {
        console.warn('[player] transcript not loaded:', err instanceof Error ? err.message : err)
        if (live) setCues([])
      })
    return () => {
      live = false
    }
  }, [chosen.url])
  const active = cues ? activeCue(cues, current) : -1
  // Keep the spoken cue in view inside the list (never scrolling the page itself).
  const list = useRef<HTMLOListElement>(null)
  useEffect(() => {
    const box = list.current
    const item = active >= 0 ? (box?.children[active] as HTMLElement | undefined) : undefined
    if (!box || !item) return
    const top = item.offsetTop // the list is positioned: offsets are within it
    if (top < box.scrollTop || top + item.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = Math.max(0, top - 8)
  }, [active])
  return (
    <section className="transcript" aria-labelledby="transcript-title" data-testid="transcript">
      <div className="transcript-head">
        <h3 id="transcript-title">{t('playback.transcript')}</h3>
        {transcripts.length > 1 && (
          <div className="transcript-languages" role="group" aria-label={t('playback.transcript_language')}>
            {transcripts.map((tr) => (
              <button
                key={tr.language}
                type="button"
                className="chip"
                aria-pressed={tr.language === chosen.language}
                lang={tr.language}
                onClick={() => setLanguage(tr.language)}
              >
                {t(`playback.languages.${tr.language}`)}
              </button>
            ))}
          </div>
        )}
      </div>
      {cues && (
        <ol ref={list} className="transcript-cues" lang={chosen.language}>
          {cues.map((c, i) => (
            <li key={`${c.start}-${i}`} aria-current={i === active ? 'true' : undefined}>
              <button type="button" onClick={() => onSeek(c.start)}>
                <span className="transcript-time">{formatTime(c.start)}</span>
                <span>{c.text}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
