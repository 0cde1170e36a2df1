import { useEffect, useState } from 'react'
import { afterPaintWhenIdle } from './after-next-paint'

/**
 * The last value (other than null or undefined) that a painted frame has shown: `value` once such a
 * frame has been painted and the browser is idle (afterPaintWhenIdle), and until then the one painted before (undefined at first). Work that the
 * user does not see first (asking the portal for a table's name once its rows arrive) waits for this,
 * so it does not delay the frame that shows those rows.
 *
 * Nothing (null, undefined) and the value already painted cause no render: while a request is in
 * flight, a render would only take the main thread from its answer.
 */
export function usePaintedValue<T>(value: T): T | undefined {
  const [painted, setPainted] = useState<{ value: T } | undefined>(undefined)
  const alreadyPainted = value === null || value === undefined || (painted && Object.is(painted.value, value))
  useEffect(() => {
    if (alreadyPainted) return
    return afterPaintWhenIdle(() => setPainted({ value }))
  }, [value, alreadyPainted])
  return painted?.value
}
