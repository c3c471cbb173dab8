// The article's table of contents (SPEC §2: from its h2 and h3 headings, with anchors).
import { describe, expect, it } from 'vitest'
import { headingId, tableOfContents } from '#client/features/posts/toc.ts'

describe('tableOfContents', () => {
  it('gives each h2/h3 a unique, readable id and lists them in order', () => {
    const { html, toc } = tableOfContents(
      '<p>x</p><h2>Dormir ¿mejor?</h2><h3 class="a">Paso <em>uno</em></h3><h2>Dormir ¿mejor?</h2><h4>no</h4>',
    )
    expect(toc).toEqual([
      { id: 'dormir-mejor', level: 2, text: 'Dormir ¿mejor?', number: '1' },
      { id: 'paso-uno', level: 3, text: 'Paso uno', number: '1.1' },
      { id: 'dormir-mejor-2', level: 2, text: 'Dormir ¿mejor?', number: '2' },
    ])
    expect(html).toContain('<h2 id="dormir-mejor">Dormir ¿mejor?</h2>')
    expect(html).toContain('<h3 id="paso-uno" class="a">Paso <em>uno</em></h3>')
    expect(html).toContain('<h2 id="dormir-mejor-2">')
    expect(html).toContain('<h4>no</h4>')
  })

  it('keeps an id the author set, decodes entities, skips empty headings', () => {
    const { html, toc } = tableOfContents('<h2 id="mine">Sleep &amp; rest</h2><h3> </h3>')
    expect(toc).toEqual([{ id: 'mine', level: 2, text: 'Sleep & rest', number: '1' }])
    expect(html).toBe('<h2 id="mine">Sleep &amp; rest</h2><h3> </h3>')
  })

  it('numbers nested headings under their h2 (1, 2, 2.1, 2.2, 3), not as the next number (issue 20 §8)', () => {
    const { toc } = tableOfContents('<h3>Antes</h3><h2>A</h2><h2>B</h2><h3>B1</h3><h3>B2</h3><h2>C</h2><h3>C1</h3>')
    expect(toc.map((e) => e.number)).toEqual(['1', '2', '3', '3.1', '3.2', '4', '4.1'])
    // An author's own numbering is not written twice next to ours.
    expect(
      tableOfContents('<h2>Pasos</h2><h3>1. Para, respira</h3><h3>2) Suelta</h3>').toc.map(
        (e) => `${e.number} ${e.text}`,
      ),
    ).toEqual(['1 Pasos', '1.1 Para, respira', '1.2 Suelta'])
  })

  it('makes ids from any text', () => {
    expect(headingId('Ánimo bajo: ¿qué hago?')).toBe('animo-bajo-que-hago')
    expect(headingId('???')).toBe('section')
    expect(headingId('x'.repeat(100))).toHaveLength(60)
  })
})
