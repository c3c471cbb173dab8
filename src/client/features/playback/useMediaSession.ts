import { useEffect, useRef } from 'react'

export interface SessionActions {
  play: () => void
  pause: () => void
  rewind: () => void
  forward: () => void
  seek: (to: number) => void
}

/**
 * Lock-screen and headset controls (the Media Session API): the unit's title, the route as the
 * artist, the cover as artwork, and play/pause/seek handlers that always call the latest actions.
 */
export function useMediaSession(
  meta: { title: string; routeTitle: string; cover: string | null },
  latest: SessionActions,
) {
  const actions = useRef(latest)
  actions.current = latest
  const { title, routeTitle, cover } = meta
  useEffect(() => {
    const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined
    if (!session) return
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => actions.current.play()],
      ['pause', () => actions.current.pause()],
      ['seekbackward', () => actions.current.rewind()],
      ['seekforward', () => actions.current.forward()],
      ['seekto', (d) => d.seekTime !== undefined && actions.current.seek(d.seekTime)],
    ]
    try {
      session.metadata = new MediaMetadata({
        title,
        artist: routeTitle,
        album: 'Calma',
        artwork: cover ? [{ src: new URL(cover, window.location.href).href }] : [],
      })
    } catch (err) {
      console.warn('[player] media session metadata:', err)
    }
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler)
      } catch {
        // an action this browser does not know
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null)
        } catch {
          // as above
        }
      }
    }
  }, [title, cover, routeTitle])
}

/** The lock screen's progress bar: where the media is, how long it is, how fast it goes. */
export function updatePositionState(el: HTMLMediaElement) {
  const session = navigator.mediaSession
  if (!session?.setPositionState || !Number.isFinite(el.duration) || el.duration <= 0) return
  try {
    session.setPositionState({
      duration: el.duration,
      playbackRate: el.playbackRate,
      position: Math.min(el.currentTime, el.duration),
    })
  } catch {
    // a position the browser refuses (during a seek): the next update fixes it
  }
}

/** What the lock screen shows as the state (playing, paused, none at the end). */
export function setSessionState(state: MediaSessionPlaybackState) {
  if (typeof navigator !== 'undefined' && navigator.mediaSession) navigator.mediaSession.playbackState = state
}
