// Error policy, stated once:
// - a first load that fails shows an inline error panel where the table would be (with Retry when
//   a retry can help), built from describeError;
// - a background refetch that fails while data is on screen keeps the data and raises a notice
//   (reported here, through `onBackgroundError`);
// - aborted requests (superseded by a newer one) are not errors at all.
import { QueryCache, QueryClient } from '@tanstack/react-query'
import { isAbortError, isCkanError } from '../api/ckan/errors'
import { shouldRetry } from '../queries/datastore-queries'

export function isCancellation(error: unknown): boolean {
  return isAbortError(error) || (isCkanError(error) && error.kind === 'aborted')
}

export function createQueryClient(onBackgroundError: (error: unknown) => void = () => {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isCancellation(error)) return
        if (query.state.data !== undefined) onBackgroundError(error)
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 5 * 60_000,
        // a data explorer should not refetch big pages because the window regained focus
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
    },
  })
}
