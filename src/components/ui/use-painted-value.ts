import { useEffect, useState } from 'react'
import { afterNextPaint } from './after-next-paint'

/**
 * `value` once a frame that shows it has been painted, and until then the value painted before
 * (undefined at first). Work that the user does not see first (asking the portal for a table's name
 * once its rows arrive) waits for this, so it does not delay the frame that shows those rows.
 */
export function usePaintedValue<T>(value: T): T | undefined {
  const [painted, setPainted] = useState<{ value: T } | undefined>(undefined)
  useEffect(() => afterNextPaint(() => setPainted({ value })), [value])
  return painted?.value
}
