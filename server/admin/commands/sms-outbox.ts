import { normaliseMobile } from '../../../core/contracts/account-rules.ts'
import { formatDate } from '../../../core/format/date.ts'
import { CommandError, UsageError, type AdminCommand } from '../command.ts'

/**
 * `sms:outbox [mobile]`: the texts the running server's sandbox gateway was given, newest first.
 * The outbox lives in the server's memory, so there is nothing to show without one.
 */
export const smsOutbox: AdminCommand = {
  usage: '[mobile]',
  summary: "print the running server's sandbox text messages (login codes), newest first; one number's when given",
  parse(args) {
    const [mobileText, ...extra] = args
    if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`)
    const mobile = mobileText === undefined ? undefined : normaliseMobile(mobileText)
    if (mobile === null) throw new UsageError(`${mobileText}: not a mainland mobile number`)
    return async ({ smsGateway }) => {
      if (!smsGateway) {
        throw new CommandError(
          'no server is running: the sandbox outbox lives in the running server (npm start); start it and try again',
        )
      }
      if (!smsGateway.outbox) {
        throw new CommandError(
          `the server sends text messages through the ${smsGateway.name} gateway (SMS_GATEWAY), which keeps no outbox`,
        )
      }
      const messages = smsGateway.outbox(mobile)
      if (messages.length === 0) return mobile ? `no messages to ${mobile}` : 'the outbox is empty'
      return messages
        .map((message) => `${formatDate(Math.floor(message.sentAt / 1000))}  ${message.mobile}  ${message.text}`)
        .join('\n')
    }
  },
}
