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
    })
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
  ])('refuses %j with one line', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(CliError)
    expect(() => parseCli(argv)).toThrow(message)
    expect(message).not.toContain('\n')
  })
})
