import { formatSize, listDownloads, type Download } from './downloads-kept'

/**
 * The Downloads screen's list before React (issue 43 §1, docs/decisions/081): the list lives on
 * this device (IndexedDB), so the server paints the screen's frame and this module, without React,
 * reads the list and writes the rows exactly as ProfileDownloads renders them (same elements,
 * attributes and text nodes, in the words the server put in the section's `data-words`). React
 * then hydrates at the first touch over the same DOM: its first render starts from the list drawn
 * here (`paintedDownloads`), so hydration finds what it renders, and a Play or Remove pressed
 * before React (held by entry.tsx) is given again to the very button React now owns.
 */

/** The words the rows need, in the page's language (ProfileDownloads writes them; `%T%`, `%S%`: the title, the size). */
export interface DownloadWords {
  play: string
  playLabel: string
  remove: string
  removeLabel: string
  total: string
  removeAll: string
  empty: string
  /** The route page's path with SLUG for its slug (a download kept before `page` was stored). */
  route: string
}
export const TITLE = '%T%'
export const SIZE = '%S%'
export const SLUG = 'calma-route-slug'

let painted: Download[] | null = null

/** The list drawn here before React, if it was: React's first render starts from it. */
export const paintedDownloads = () => painted

/** Read the person's downloads and draw them into the server's section (unless React has started). */
export async function paintDownloads(user: number, locale: string) {
  const list = await listDownloads(user)
  const section = document.querySelector<HTMLElement>('[data-testid=profile-downloads][data-words]')
  // React started meanwhile (a touch): it reads the list itself; the DOM must stay the server's.
  if (!section || document.documentElement.dataset.react || section.dataset.loaded) return
  const words = JSON.parse(section.dataset.words!) as DownloadWords
  section.dataset.loaded = 'true'
  for (const node of rows(list, words, locale)) section.appendChild(node)
  painted = list
}

type Attrs = Record<string, string>
function el(tag: string, attrs: Attrs, ...children: (Node | string)[]) {
  const node = document.createElement(tag)
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v)
  for (const child of children) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child)
  return node
}

/** ProfileDownloads' rows (screen, nothing playing), element for element. */
function rows(list: Download[], w: DownloadWords, locale: string): Node[] {
  if (list.length === 0) return [el('p', { class: 'empty', 'data-testid': 'downloads-empty' }, w.empty)]
  const total = list.reduce((n, d) => n + d.size, 0)
  const items = list.map((d) =>
    el(
      'li',
      { class: 'profile-row', 'data-testid': 'download-item', 'data-unit': String(d.unit.id) },
      el(
        'div',
        {},
        el('strong', {}, d.unit.title),
        el(
          'p',
          { class: 'field-hint' },
          el(
            'a',
            // Only a path of this site from the device's store (never `javascript:` or another host).
            { href: sitePath(d.page) ?? w.route.replace(SLUG, () => d.route_slug), 'data-testid': 'download-route' },
            d.route_title,
          ),
          ' · ',
          el('span', { 'data-testid': 'download-size' }, formatSize(d.size, locale)),
        ),
      ),
      el(
        'div',
        { class: 'download-actions' },
        el(
          'button',
          {
            type: 'button',
            class: 'button button-small button-primary',
            'aria-label': w.playLabel.replace(TITLE, () => d.unit.title),
            'data-testid': 'download-play',
          },
          w.play,
        ),
        el(
          'button',
          {
            type: 'button',
            class: 'button button-small',
            'aria-label': w.removeLabel.replace(TITLE, () => d.unit.title),
            'data-testid': 'download-remove',
          },
          w.remove,
        ),
      ),
    ),
  )
  return [
    el('ul', { class: 'downloads-list' }, ...items),
    el(
      'div',
      { class: 'profile-row' },
      el(
        'strong',
        { 'data-testid': 'downloads-total' },
        w.total.replace(SIZE, () => formatSize(total, locale)),
      ),
      el(
        'button',
        { type: 'button', class: 'button button-small button-danger', 'data-testid': 'downloads-remove-all' },
        w.removeAll,
      ),
    ),
  ]
}

/** `path` when it is a path of this site ("/…", not "//host"), else null. */
const sitePath = (path: string | undefined | null) => (path && /^\/(?!\/)/.test(path) ? path : null)
