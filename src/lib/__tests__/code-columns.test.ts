import { describe, expect, it } from 'vitest'

import { isCodeColumnName, nameWords } from '../code-columns'

describe('nameWords', () => {
  it('splits at separators, camelCase and acronym boundaries, and digits', () => {
    expect(nameWords('employee_id')).toEqual(['employee', 'id'])
    expect(nameWords('FIPSCode')).toEqual(['fips', 'code'])
    expect(nameWords('stationNo')).toEqual(['station', 'no'])
    expect(nameWords('Postal code.x-y')).toEqual(['postal', 'code', 'x', 'y'])
    expect(nameWords('zip5')).toEqual(['zip', '5'])
  })
})

describe('isCodeColumnName', () => {
  it.each([
    'employee_id',
    '_id',
    'ID',
    'ZipCode',
    'zip',
    'Postal code',
    'postcode',
    'stationNo',
    'FIPS',
    'county.fips',
    'ref-number',
    'legajo_nr',
    'CodMunicipio',
    'codigo_postal',
    'legajo',
    'case num',
    'api_key',
    'number_of_people',
    'EmployeeID',
  ])('%s is a column of codes', (name) => {
    expect(isCodeColumnName(name)).toBe(true)
  })

  it.each([
    'identity',
    'none',
    'notes',
    'keyword',
    'monkey',
    'width',
    'population',
    'year',
    'amount',
    'agente-nro',
    'zipped',
    'reference',
    '',
  ])('%s is not', (name) => {
    expect(isCodeColumnName(name)).toBe(false)
  })
})
