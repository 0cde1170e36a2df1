// Where a table's records are on a map: found once its first page has been painted (the detection is
// not part of the first screen's script).
import { useEffect, useState } from 'react'
import type { SearchResult } from '../api/ckan/types'
import { afterPaintWhenIdle } from '../components/ui/after-next-paint'
import type { PlaceColumns } from '../features/map/find-places'

/**
 * Where the records are: the columns the reader chose (the link's `place`), else what the table's
 * columns say (the Map tab is offered only then). The detection is loaded after the first page: it
 * is not part of the first screen's script.
 */
export function usePlaces(data: SearchResult | undefined, chosen: readonly string[]): PlaceColumns | null {
  const [found, setFound] = useState<{ data: SearchResult; places: PlaceColumns | null } | null>(null)
  useEffect(() => {
    if (!data) return
    let current = true
    // after the frame that shows the rows: this effect runs in the commit that brings them
    const cancel = afterPaintWhenIdle(() => {
      void import('../features/map/find-places').then(({ chosenPlaces, findPlaces }) => {
        const places =
          chosenPlaces(chosen, data.fields, data.records) ?? findPlaces(data.fields, data.records)
        // the same columns keep their object: the map reads every record again only for new ones
        if (current)
          setFound((previous) =>
            previous && JSON.stringify(previous.places) === JSON.stringify(places)
              ? { data, places: previous.places }
              : { data, places },
          )
      })
    })
    return () => {
      current = false
      cancel()
    }
  }, [data, chosen])
  // a table's columns do not change with its pages: the last answer holds until the next one is read
  return found?.places ?? null
}
