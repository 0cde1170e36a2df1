import { describe, expect, it } from 'vitest'
import { heightLength, hostStyles } from './host-styles'

describe('the element’s height attribute', () => {
  it('reads pixels and CSS lengths', () => {
    expect(heightLength('600')).toBe('600px')
    expect(heightLength(' 70vh ')).toBe('70vh')
    expect(heightLength('32.5REM')).toBe('32.5rem')
    expect(heightLength('100%')).toBe('100%')
  })

  it('refuses anything else, so nothing but a length reaches the stylesheet', () => {
    for (const bad of [null, '', '0', 'tall', '10px;color:red', '1e3', '-5', '600 px}', 'calc(1px)'])
      expect(heightLength(bad), String(bad)).toBeNull()
  })

  it('sizes the element, and lets its hidden attribute hide it', () => {
    expect(hostStyles('600px')).toContain('block-size:600px')
    expect(hostStyles('600px')).toContain(':host([hidden]){display:none}')
  })
})
