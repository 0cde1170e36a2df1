import { describe, expect, it } from 'vitest'
import { CliError, DEFAULTS, parseCli } from '../cli.ts'

describe('parseCli', () => {
  it('uses CKAN-like defaults', () => {
    expect(parseCli([])).toEqual(DEFAULTS)
    expect(DEFAULTS).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      rows: 100_000,
      rowsMax: 32_000,
      rowsDefault: 100,
      timeoutMs: 60_000,
    })
  })

  it('reads every flag, in both --flag value and --flag=value forms, with repeatable ones collected', () => {
    const options = parseCli([
      '--port=0',
      '--host',
      '0.0.0.0',
      '--load',
      'a.csv',
      '--load=b.json',
      '--lenient',
      '--token',
      't1',
      '--token=t2',
      '--rows',
      '1000000',
      '--rows-max',
      '500',
      '--rows-default=50',
      '--timeout-ms',
      '250',
      '--data-dir',
      '.data/db',
      '--build-if-needed',
      '--seed',
      '7',
      '--max-body-kb',
      '64',
      '--public-url=https://data.example.org/explorer/',
      '--quiet',
      '--ckan-version',
      '2.11',
    ])
    expect(options).toEqual({
      ...DEFAULTS,
      port: 0,
      host: '0.0.0.0',
      load: ['a.csv', 'b.json'],
      lenient: true,
      tokens: ['t1', 't2'],
      rows: 1_000_000,
      rowsMax: 500,
      rowsDefault: 50,
      timeoutMs: 250,
      dataDir: '.data/db',
      buildIfNeeded: true,
      seed: 7,
      maxBodyBytes: 64 * 1024,
      publicUrl: 'https://data.example.org/explorer',
      quiet: true,
      ckanVersion: '2.11',
    })
  })

  it('reads how the load is shared: readers, the per-client cap, and the SQL in errors', () => {
    expect(DEFAULTS).toMatchObject({ dbReaders: 1, maxClientRequests: 32, debugErrors: false })
    expect(parseCli(['--db-readers', '3', '--max-client-requests=0', '--debug-errors'])).toEqual({
      ...DEFAULTS,
      dbReaders: 3,
      maxClientRequests: 0,
      debugErrors: true,
    })
    expect(() => parseCli(['--db-readers', '9'])).toThrow('--db-readers must be between 0 and 8, got 9')
    expect(() => parseCli(['--max-client-requests', 'many'])).toThrow(
      '--max-client-requests expects a whole number, got "many"',
    )
  })

  it('answers as CKAN 2.12 unless told --ckan-version 2.11', () => {
    expect(parseCli([]).ckanVersion).toBe('2.12')
    expect(parseCli(['--ckan-version=2.12']).ckanVersion).toBe('2.12')
  })

  it.each([
    [['--rows', 'abc'], '--rows expects a whole number, got "abc"'],
    [['--rows', '-5'], '--rows expects a value'.replace('a value', 'a whole number, got "-5"')],
    [['--port', '70000'], '--port must be between 0 and 65535, got 70000'],
    [['--port'], '--port expects a value'],
    [['--port', '--rows'], '--port expects a value'],
    [['--bogus'], 'unknown option --bogus (see --help)'],
    [['extra'], 'unexpected argument "extra" (see --help)'],
    [['--quiet=yes'], '--quiet takes no value'],
    [['--load', 'data.txt'], '--load expects a .json or .csv file, got "data.txt"'],
    [['--token', ''], '--token expects a non-empty value'],
    [['--rows-max', '10', '--rows-default', '20'], '--rows-default (20) must not exceed --rows-max (10)'],
    [['--timeout-ms', '1.5'], '--timeout-ms expects a whole number, got "1.5"'],
    [
      ['--public-url', 'ftp://x.org'],
      '--public-url expects an http(s) address such as https://data.example.org/explorer, got "ftp://x.org"',
    ],
    [['--public-url', 'https://x.org/?a'], '--public-url expects an http(s) address'],
    [['--ckan-version', '2.10'], '--ckan-version expects 2.12 or 2.11, got "2.10"'],
  ])('refuses %j with one line', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(CliError)
    expect(() => parseCli(argv)).toThrow(message)
    expect(message).not.toContain('\n')
  })
})
