// Reminders on this device (issue 34 §1; decision 052): what the service worker shows for a push
// and where a click on it goes (src/sw/notice.ts). The worker itself is walked in Chromium
// (e2e/push.e2e.mjs); these are the rules a click follows, which headless Chromium cannot click.
import { describe, expect, it } from 'vitest'
import { clickTarget, readNotice } from '../../src/sw/notice'

const ORIGIN = 'https://calma.app'
const data = (text: string) => ({ text: () => text })

describe('a push notice', () => {
  it('shows the payload the server wrote, in its words', () => {
    const n = readNotice(
      data(JSON.stringify({ title: 'Tu práctica', body: 'Cinco minutos', url: '/journey', tag: 'practice' })),
      'en-US',
    )
    expect(n).toEqual({ title: 'Tu práctica', body: 'Cinco minutos', url: '/journey', tag: 'practice' })
  })

  it('a missing or unreadable payload shows a generic notice in the browser language', () => {
    expect(readNotice(null, 'es-ES')).toMatchObject({ title: 'Calma', body: 'Tienes algo nuevo en Calma.', url: '/' })
    expect(readNotice(data('not json'), 'en-GB')).toMatchObject({
      body: 'You have something new in Calma.',
      url: '/en',
    })
    expect(readNotice(data('{"title": 5}'), 'fr')).toMatchObject({ body: 'Tienes algo nuevo en Calma.' })
    expect(readNotice(data('[]'), 'en')).toMatchObject({ body: 'You have something new in Calma.' })
  })

  it('a payload without url opens the home; long texts are cut', () => {
    const n = readNotice(data(JSON.stringify({ title: 'x'.repeat(500), body: 7 })), 'es')
    expect(n.title).toHaveLength(200)
    expect(n.body).toBe('')
    expect(n.url).toBe('/')
    expect(n.tag).toBeUndefined()
  })
})

describe('where a click goes', () => {
  it('a page of the app, by path or full address', () => {
    expect(clickTarget('/en/journey?x=1#top', ORIGIN)).toBe(`${ORIGIN}/en/journey?x=1#top`)
    expect(clickTarget(`${ORIGIN}/appointments`, ORIGIN)).toBe(`${ORIGIN}/appointments`)
  })

  it('anything else opens the home', () => {
    for (const url of [
      'https://evil.example/phish',
      '//evil.example/x',
      'javascript:alert(1)',
      'data:text/html,hi',
      'http://calma.app/journey',
      '',
      null,
      42,
      'http://[::1',
    ])
      expect(clickTarget(url, ORIGIN), String(url)).toBe(`${ORIGIN}/`)
  })
})
