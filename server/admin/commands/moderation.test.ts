import { describe, expect, it } from 'vitest'
import { prepareCommand } from '../run-command.ts'

/** The moderation commands' flows run in server/modules/community/moderation.test.ts; here, their arguments. */
describe('moderation commands: arguments', () => {
  const usageOf = (command: string, ...args: string[]) => {
    const prepared = prepareCommand({ command, args, cwd: '/' })
    return 'run' in prepared ? 'ok' : prepared.ok ? 'ok' : prepared.usage ? prepared.error : 'not usage'
  }

  it.each([
    ['moderation:queue', []],
    ['reports:list', []],
    ['moderation:approve', ['12']],
    ['moderation:reject', ['12', '--reason', '含有广告']],
    ['moderation:reject', ['--reason=含有广告', '12']],
    ['content:remove', ['post', '12']],
    ['content:remove', ['comment', '12']],
    ['user:ban', ['100001']],
    ['user:ban', ['100001', '--days', '7']],
    ['user:ban', ['100001', '--days=0']],
  ])('%s %j parses', (command, args) => {
    expect(usageOf(command, ...args)).toBe('ok')
  })

  it.each([
    ['moderation:queue', ['x'], 'unexpected argument x'],
    ['reports:list', ['--all'], 'unknown option --all'],
    ['moderation:approve', [], 'a post id is required'],
    ['moderation:approve', ['0'], '0: not a post id'],
    ['moderation:approve', ['1', '2'], 'unexpected argument 2'],
    ['moderation:approve', ['99999999999'], 'not a post id'],
    ['moderation:reject', ['12'], '--reason is required'],
    ['moderation:reject', ['12', '--reason', '  '], '--reason is required'],
    ['moderation:reject', ['12', '--reason'], '--reason needs a value'],
    ['moderation:reject', ['12', '--why', 'x'], 'unknown option --why'],
    ['content:remove', ['user', '12'], 'user: expected post or comment'],
    ['content:remove', ['post'], 'a post id is required'],
    ['content:remove', ['comment', 'abc'], 'abc: not a comment id'],
    ['user:ban', [], 'a user id is required'],
    ['user:ban', ['100001', '--days', '-1'], 'expected a whole number of days'],
    ['user:ban', ['100001', '--days', '1.5'], 'expected a whole number of days'],
    ['user:ban', ['100001', '--days', '36501'], 'expected a whole number of days'],
    ['user:ban', ['100001', '--for', '3'], 'unknown option --for'],
  ])('%s %j is a usage error: %s', (command, args, message) => {
    const error = usageOf(command, ...args)
    expect(error).toContain(message)
    expect(error).toContain(`usage: npm run admin -- ${command}`)
  })
})
