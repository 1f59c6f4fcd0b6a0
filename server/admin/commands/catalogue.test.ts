import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../config.ts'
import { createPaymentCatalogue } from '../../modules/payments/catalogue.ts'
import { BACKENDS, START_MS, useFreshDatabase } from '../../testing/harness.ts'
import { prepareCommand, runCommand, type AdminAnswer } from '../run-command.ts'

describe.each(BACKENDS)('package:* and card:* (%s)', (backend) => {
  const database = useFreshDatabase(backend)
  const config = parseConfig({})

  async function admin(...args: string[]): Promise<AdminAnswer> {
    const [command, ...rest] = args
    const prepared = prepareCommand({ command: command!, args: rest, cwd: '/' })
    if (!('run' in prepared)) return prepared
    return runCommand(prepared, { config, db: database.db, now: () => START_MS, progress: () => {} })
  }
  const output = (answer: AdminAnswer) => {
    expect(answer.ok, JSON.stringify(answer)).toBe(true)
    return (answer as { output: string }).output
  }
  const offered = () => createPaymentCatalogue({ db: database.db, provider: { payTypes: [] } })

  it('package:add, package:list, package:disable and package:enable', async () => {
    expect(output(await admin('package:list'))).toBe('no diamond packages')
    expect(output(await admin('package:add', '6000', '600'))).toBe(
      'added package #1  6000 (60 钻石) + bonus 0 (0)  for 600 (¥6.00)  on sale',
    )
    expect(output(await admin('package:add', '30000', '3000', '--bonus=1500'))).toBe(
      'added package #2  30000 (300 钻石) + bonus 1500 (15)  for 3000 (¥30.00)  on sale',
    )
    expect(output(await admin('package:disable', '1'))).toBe(
      'disabled package #1  6000 (60 钻石) + bonus 0 (0)  for 600 (¥6.00)  disabled',
    )
    expect(output(await admin('package:disable', '1'))).toMatch(/^already disabled, unchanged: package #1 /)
    expect((await offered().packages()).map((p) => p.id)).toEqual([2])
    expect(output(await admin('package:list'))).toBe(
      [
        '2 diamond packages:',
        '  #1  6000 (60 钻石) + bonus 0 (0)  for 600 (¥6.00)  disabled',
        '  #2  30000 (300 钻石) + bonus 1500 (15)  for 3000 (¥30.00)  on sale',
      ].join('\n'),
    )
    expect(output(await admin('package:enable', '1'))).toMatch(/^enabled package #1 .* on sale$/)
    expect((await offered().packages()).map((p) => p.id)).toEqual([1, 2])
    expect(await admin('package:disable', '9')).toEqual({
      ok: false,
      usage: false,
      error: 'package:disable: no package with id 9; nothing was changed',
    })
  })

  it('card:add, card:list, card:disable and card:enable', async () => {
    expect(output(await admin('card:list'))).toBe('no VIP cards')
    const added = await admin(
      'card:add',
      'dark',
      '30',
      '3800',
      '--perk',
      '暗夜专区视频免费看',
      '--perk=会员专区视频免费看',
    )
    expect(output(added)).toBe(
      'added card #1  dark (暗夜会员) 30 days  for 3800 (¥38.00)  on sale\n      暗夜专区视频免费看 / 会员专区视频免费看',
    )
    const supreme = ['card:add', 'supreme', '365', '39800', '--original', '69600', '--perk', ' 至尊专区视频独享 ']
    expect(output(await admin(...supreme))).toBe(
      'added card #2  supreme (至尊会员) 365 days  for 39800 (¥398.00), was 69600 (¥696.00)  on sale\n      至尊专区视频独享',
    )
    expect(output(await admin('card:disable', '1'))).toMatch(/^disabled card #1 .* disabled\n/)
    expect((await offered().cards()).map((card) => card.id)).toEqual([2])
    expect(output(await admin('card:list'))).toBe(
      [
        '2 VIP cards:',
        '  #2  supreme (至尊会员) 365 days  for 39800 (¥398.00), was 69600 (¥696.00)  on sale',
        '      至尊专区视频独享',
        '  #1  dark (暗夜会员) 30 days  for 3800 (¥38.00)  disabled',
        '      暗夜专区视频免费看 / 会员专区视频免费看',
      ].join('\n'),
    )
    expect(output(await admin('card:enable', '1'))).toMatch(/^enabled card #1 /)
    expect(output(await admin('card:enable', '1'))).toMatch(/^already enabled, unchanged: card #1 /)
    expect(await admin('card:enable', '3')).toMatchObject({ ok: false, usage: false })
  })
})

describe('package:* and card:* arguments', () => {
  it.each([
    [['package:add'], 'diamonds and price are required'],
    [['package:add', '6000'], 'diamonds and price are required'],
    [['package:add', '60.5', '600'], 'diamonds must be a whole number of cents from 1 to 100000000'],
    [['package:add', '0', '600'], 'diamonds must be a whole number of cents from 1 to 100000000'],
    [['package:add', '6000', '-1'], 'price must be a whole number of fen'],
    [['package:add', '6000', '¥6'], 'price must be a whole number of fen from 1 to 10000000'],
    [['package:add', '6000', '600', '--bonus'], '--bonus needs a value'],
    [['package:add', '6000', '600', '--bonus', 'x'], 'bonus must be a whole number of cents'],
    [['package:add', '6000', '600', '--bonus', '1', '--bonus', '2'], '--bonus is given more than once'],
    [['package:add', '6000', '600', '7'], 'unexpected argument 7'],
    [['package:add', '6000', '600', '--perk', 'x'], 'unknown option --perk'],
    [['package:disable'], 'a package id is required'],
    [['package:enable', '0'], '0: not a package id'],
    [['package:list', 'x'], 'unexpected argument x'],
  ])('%j is a usage error, refused before anything runs', (args, message) => {
    const [command, ...rest] = args
    // Refused while parsing, before anything is opened: nothing can have changed.
    const answer = prepareCommand({ command: command!, args: rest, cwd: '/' })
    expect(answer).toMatchObject({ ok: false, usage: true })
    expect((answer as { error: string }).error).toContain(message)
    expect((answer as { error: string }).error).toContain('usage: npm run admin -- ')
  })

  it.each([
    [['card:add', 'gold', '30', '500', '--perk', 'x'], 'tier must be one of normal, supreme, dark'],
    [['card:add', 'normal', '0', '500', '--perk', 'x'], 'days must be a whole number from 1 to 3650'],
    [['card:add', 'normal', '30', '500'], 'a card needs 1 to 6 perks'],
    [['card:add', 'normal', '30', '500', '--perk', ''], 'perk ""'],
    [['card:add', 'normal', '30', '500', '--perk', 'a\nb'], 'perk "a\nb"'],
    [['card:add', 'normal', '30', '500', '--original', '500', '--perk', 'x'], 'the original price must be'],
    [['card:add', 'normal', '30', '--perk', 'x'], 'tier, days and price are required'],
    [['card:disable', 'abc'], 'abc: not a card id'],
  ])('%j is a usage error, refused before anything runs', (args, message) => {
    const [command, ...rest] = args
    // Refused while parsing, before anything is opened: nothing can have changed.
    const answer = prepareCommand({ command: command!, args: rest, cwd: '/' })
    expect(answer).toMatchObject({ ok: false, usage: true })
    expect((answer as { error: string }).error).toContain(message)
  })
})
