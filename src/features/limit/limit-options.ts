import type { Limit } from '../../model/explorer-state'

export const LIMIT_PRESETS = [100, 500, 1000, 5000, 10_000] as const

/** The value of the "Limit" select: a preset, 'all', or 'custom' (the number is typed next to it). */
export type LimitChoice = `${(typeof LIMIT_PRESETS)[number]}` | 'all' | 'custom'

export function limitChoice(limit: Limit): LimitChoice {
  if (limit === 'all') return 'all'
  return (LIMIT_PRESETS as readonly number[]).includes(limit) ? (String(limit) as LimitChoice) : 'custom'
}

/** The limit a choice stands for; 'custom' keeps the current number. */
export function limitFromChoice(choice: string, current: Limit): Limit | null {
  if (choice === 'all') return 'all'
  if (choice === 'custom') return current === 'all' ? 1000 : current
  const value = Number(choice)
  return (LIMIT_PRESETS as readonly number[]).includes(value) ? value : null
}

/** A typed custom limit: a whole number of at least 1 (a cap above the portal's is paged by the table). */
export function parseCustomLimit(text: string): number | null {
  const trimmed = text.trim()
  if (!/^\d+$/.test(trimmed)) return null
  const value = Number(trimmed)
  return Number.isSafeInteger(value) && value >= 1 ? value : null
}
