import { describe, expect, it } from 'vitest'
import { replaceSection } from './results-section'

const HEADING = '## Browser benchmarks'

describe('replaceSection', () => {
  it('replaces only our section and keeps the sections around it', () => {
    const document =
      '# Results\n\n## Server benchmarks\n\nserver table\n\n## Browser benchmarks\n\nold\n\n## Notes\n\nkept\n'
    expect(replaceSection(document, HEADING, `${HEADING}\n\nnew table`)).toBe(
      '# Results\n\n## Server benchmarks\n\nserver table\n\n## Browser benchmarks\n\nnew table\n\n## Notes\n\nkept\n',
    )
  })

  it('appends the section when the file has none', () => {
    expect(replaceSection('# Results\n\n## Server benchmarks\n\nx\n', HEADING, `${HEADING}\n\ny`)).toBe(
      '# Results\n\n## Server benchmarks\n\nx\n\n## Browser benchmarks\n\ny\n',
    )
  })

  it('writes the section alone into an empty file', () => {
    expect(replaceSection('', HEADING, `${HEADING}\n\ny\n\n`)).toBe('## Browser benchmarks\n\ny\n')
  })

  it('keeps level-3 headings inside our section as part of it', () => {
    const document = '## Browser benchmarks\n\n### Runs\n\nold\n'
    expect(replaceSection(document, HEADING, `${HEADING}\n\nnew`)).toBe('## Browser benchmarks\n\nnew\n')
  })
})
