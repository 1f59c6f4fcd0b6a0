import { describe, expect, it } from 'vitest'
import { commandArgs, idArg, soleIdArg } from './args.ts'

describe('commandArgs', () => {
  const spec = { options: ['reason'], lists: ['perk'], flags: ['force'], positionals: 2 }

  it('splits positionals, options in both spellings, repeated list options and flags', () => {
    const args = commandArgs(['7', '--reason=fix', '--perk', 'a', '--perk=b', '--force', '8'], spec)
    expect(args.positional).toEqual(['7', '8'])
    expect(args.options).toEqual(new Map([['reason', 'fix']]))
    expect(args.lists).toEqual(new Map([['perk', ['a', 'b']]]))
    expect(args.flags).toEqual(new Set(['force']))
  })

  it('takes a value or a positional that starts with one dash as the operator typed it', () => {
    expect(commandArgs(['--reason', '-5 天'], spec).options.get('reason')).toBe('-5 天')
    expect(commandArgs(['-1.5', '-x'], spec).positional).toEqual(['-1.5', '-x'])
  })

  it.each([
    [['1', '2', '3'], 'unexpected argument 3'],
    [['--color', 'red'], 'unknown option --color'],
    [['--reason'], '--reason needs a value'],
    [['--reason', 'a', '--reason', 'b'], '--reason is given more than once'],
    [['--force=yes'], '--force takes no value'],
  ])('refuses %j: %s', (args, message) => {
    expect(() => commandArgs(args, spec)).toThrow(message)
  })
})

describe('idArg and soleIdArg', () => {
  it('read a row id and name what is wrong', () => {
    expect(soleIdArg(['42'], 'post')).toBe(42)
    expect(() => soleIdArg([], 'post')).toThrow('a post id is required')
    expect(() => soleIdArg(['42', '43'], 'post')).toThrow('unexpected argument 43')
    expect(() => idArg('042', 'user')).toThrow('042: not a user id')
    expect(() => idArg('99999999999999999999', 'user')).toThrow('not a user id')
  })
})
