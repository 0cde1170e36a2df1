// Worker entry point in plain JavaScript: on Node 20 a worker cannot start from a .ts file even
// when tsx is in execArgv (the hooks are registered too late), so register tsx here first.
import { register } from 'tsx/esm/api'

register()
await import('./pglite-worker.ts')
