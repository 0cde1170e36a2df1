import { useState } from 'react'
import { sameColumns } from './columns-fns'
import type { ShownColumn } from './grid-types'

/**
 * `next`, or the array drawn before while it draws the same columns (sameColumns): every drawn row
 * re-renders its cells when its columns array changes, so an equal list changes nothing.
 */
export function useKeptColumns<T extends readonly ShownColumn[]>(next: T): T {
  const [kept, setKept] = useState(next)
  const same = kept === next || sameColumns(kept, next)
  if (!same) setKept(next)
  return same ? kept : next
}
