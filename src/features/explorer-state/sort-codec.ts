// CKAN's sort syntax, used both in our URL and on the wire: `year desc, "country name"`.
// The parser and formatter live with the API client (src/api/ckan/ckan-syntax.ts), which needs them
// to build requests; this module is the explorer's name for them.
export {
  formatNameList,
  formatSort,
  formatSortClauses,
  parseNameList,
  parseSort,
  quoteSortName,
  splitOutsideQuotes,
} from '../../api/ckan/ckan-syntax'
