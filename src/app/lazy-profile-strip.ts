// The column overviews' code, loaded on first use (initial JS budget): asked for together with their
// sample once a view's rows are painted (use-profile-strip.tsx), and drawn by each header.
import { lazy } from 'react'

export const loadProfileStrip = () => import('../features/profile/profile-strip')

export const ProfileStripCell = lazy(() =>
  loadProfileStrip().then((module) => ({ default: module.ProfileStripCell })),
)
