import { startDatastore, serveAppWithApi } from './servers.ts'
const rows = Number(process.argv[2] ?? 1000)
const ds = await startDatastore(rows, ['--data-dir', `bench/data/rows-${rows}`])
const front = await serveAppWithApi(process.argv[3]!, () => ds.url)
console.log('API', ds.url, 'APP', front.url)
