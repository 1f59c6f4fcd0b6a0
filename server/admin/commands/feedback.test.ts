import { describe, expect, it } from 'vitest'
import { prepareCommand } from '../run-command.ts'

/** The support commands' flows run in server/modules/support/support.test.ts; here, their arguments. */
describe('feedback and faq commands: arguments', () => {
  const usageOf = (command: string, ...args: string[]) => {
    const prepared = prepareCommand({ command, args, cwd: '/' })
    return 'run' in prepared ? 'ok' : prepared.ok ? 'ok' : prepared.usage ? prepared.error : 'not usage'
  }

  it.each([
    ['feedback:list', []],
    ['feedback:list', ['--unreplied']],
    ['feedback:reply', ['12', '已处理，谢谢反馈']],
    ['faq:list', []],
    ['faq:add', ['--question', '怎么充值', '--answer', '去钻石充值', '--keywords', '充值,钻石', '--suggested']],
    ['faq:add', ['--question=问', '--answer=答']],
    ['faq:edit', ['3', '--suggested', 'false', '--sort', '-1']],
    ['faq:edit', ['3', '--keywords', '充值，到账']],
    ['faq:remove', ['3']],
  ])('%s %j parses', (command, args) => {
    expect(usageOf(command, ...args)).toBe('ok')
  })

  it.each([
    ['feedback:list', ['--unreplied=yes'], '--unreplied takes no value'],
    ['feedback:list', ['x'], 'unexpected argument x'],
    ['feedback:reply', [], 'a feedback id is required'],
    ['feedback:reply', ['0', '好'], '0: not a feedback id'],
    ['feedback:reply', ['12'], 'the reply text is required'],
    ['feedback:reply', ['12', '  '], 'the reply text is required'],
    ['feedback:reply', ['12', '好', '多余'], 'unexpected argument 多余'],
    ['faq:add', ['--answer', '答'], '--question is required'],
    ['faq:add', ['--question', '问'], '--answer is required'],
    ['faq:add', ['--question', '问', '--answer', '答', '--tags', 'a'], 'unknown option --tags'],
    ['faq:edit', ['3'], 'nothing to change'],
    ['faq:edit', ['3', '--suggested', 'maybe'], '--suggested: expected true or false'],
    ['faq:edit', ['3', '--sort', '1.5'], '--sort: expected a whole number'],
    ['faq:edit', ['x', '--answer', '答'], 'x: not a FAQ entry id'],
    ['faq:remove', [], 'a FAQ entry id is required'],
  ])('%s %j is a usage error: %s', (command, args, message) => {
    const error = usageOf(command, ...args)
    expect(error).toContain(message)
    expect(error).toContain(`usage: npm run admin -- ${command}`)
  })
})
