// The column overviews under the column names: whether they are shown, and their wiring into the grid.
// Each header draws its column's part from one shared sample (features/profile/profile-strip), asked
// for once the rows of a new view are painted.
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query'
import { Suspense, useEffect, useMemo, useState } from 'react'
import type { CkanField, Portal, SearchRequest, SearchResult } from '../api/ckan/types'
import { afterPaintWhenIdle } from '../components/ui/after-next-paint'
import type { HeaderStrip } from '../features/table/grid-types'
import { useEnvironment } from '../instance/environment'
import type { FilterCondition } from '../model/filters'
import { searchQueryOptions } from '../queries/datastore-queries'
import { profiledFieldIds, sampleRequest } from '../queries/profile-requests'
import { loadProfileStrip, ProfileStripCell } from './lazy-profile-strip'

/**
 * The column overviews are shown at first on screens this wide (they need room under each name), and
 * this tall: a 1280×800 laptop keeps its 15 rows on the first screen; the toolbar switch shows them.
 */
const STRIP_MIN_WIDTH = 1200
const STRIP_MIN_HEIGHT = 860
const ROOM_FOR_STRIP = `(min-width: ${STRIP_MIN_WIDTH}px) and (min-height: ${STRIP_MIN_HEIGHT}px)`

export interface ProfileStrip {
  shown: boolean
  setShown(shown: boolean): void
  /** What the grid draws under each column name, when shown. */
  strip: HeaderStrip | undefined
}

export function useProfileStrip({
  portal,
  request,
  firstPage,
  fields,
  total,
  onOpenProfile,
  onFilterRange,
}: {
  portal: Portal
  request: SearchRequest | null
  firstPage: UseQueryResult<SearchResult, unknown>
  fields: readonly CkanField[]
  total: number | undefined
  onOpenProfile(field?: string): void
  /** A range chosen on a column's overview (a bar, or a drag across bars): keep it one callback. */
  onFilterRange(condition: FilterCondition): void
}): ProfileStrip {
  const { api, viewport } = useEnvironment()
  const [shown, setShown] = useState(() => viewport?.matches(ROOM_FOR_STRIP) ?? false)
  const fieldsKey = JSON.stringify(fields)
  const fieldIds = useMemo(() => profiledFieldIds(fields), [fieldsKey]) // eslint-disable-line react-hooks/exhaustive-deps
  // Once the rows of a new view are painted, the overviews' code and sample are asked for together
  // (the cells would ask for the sample only once their code is in).
  const queryClient = useQueryClient()
  const stripView = shown && firstPage.data && !firstPage.isPlaceholderData && request ? request : null
  useEffect(() => {
    if (!stripView) return
    return afterPaintWhenIdle(() => {
      void loadProfileStrip()
      void queryClient.prefetchQuery(searchQueryOptions(api, portal, sampleRequest(stripView, fieldIds)))
    })
  }, [stripView, fieldIds, queryClient, api, portal])
  const strip: HeaderStrip | undefined = useMemo(
    () =>
      shown && request
        ? {
            renderCell: (column) =>
              fieldIds.includes(column.spec.id) ? (
                <Suspense fallback={null}>
                  <ProfileStripCell
                    portal={portal}
                    view={request}
                    fieldIds={fieldIds}
                    field={{ id: column.spec.id, type: column.spec.type }}
                    total={total}
                    onOpen={onOpenProfile}
                    onFilterRange={onFilterRange}
                  />
                </Suspense>
              ) : null,
          }
        : undefined,
    [shown, request, fieldIds, portal, total, onOpenProfile, onFilterRange],
  )
  return { shown, setShown, strip }
}
