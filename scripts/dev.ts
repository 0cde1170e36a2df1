// `npm run dev`: the API server on 8080 (the one `npm start` runs, without building the app) and
// Vite's dev server with hot reload, which proxies the API paths to it (vite.config.ts).
// Extra arguments go to the API server: `npm run dev -- --rows 1000 --load my.csv`.
import { spawn, type ChildProcess } from 'node:child_process'

const children: ChildProcess[] = []

function start(command: string, args: string[]): ChildProcess {
  const child = spawn(command, args, { stdio: 'inherit' })
  child.on('exit', (code) => {
    // one half alone is useless: stop the other and pass the exit code on
    for (const other of children) if (other !== child && other.exitCode === null) other.kill()
    process.exit(code ?? 0)
  })
  children.push(child)
  return child
}

start(process.execPath, ['--import', 'tsx', 'server/main.ts', '--port', '8080', ...process.argv.slice(2)])
start(process.execPath, ['node_modules/vite/bin/vite.js'])

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal)
  })
}
