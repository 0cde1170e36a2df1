// The panel that explains why a table could not load, loaded on first use (initial JS budget); it is
// also loaded once a table's rows are painted, so that a later failure (even offline) finds it here.
export const loadTableError = () => import('./table-error')
