/** Sends text messages. The sandbox keeps them in an outbox; a real provider implements the same. */
export interface SmsGateway {
  readonly name: string
  send(message: { mobile: string; text: string }): Promise<void>
  /**
   * Only a sandbox has one: what it was given to send, newest first, one number's when given.
   * The /sandbox/sms page and `npm run admin -- sms:outbox` show it, and exist only when it does.
   */
  outbox?(mobile?: string): SandboxMessage[]
}

export interface SandboxMessage {
  mobile: string
  text: string
  /** Milliseconds, like Date.now. */
  sentAt: number
}

/** The gateways SMS_GATEWAY may name. */
export const SMS_GATEWAYS = ['sandbox'] as const
export type SmsGatewayName = (typeof SMS_GATEWAYS)[number]

/** Messages the sandbox keeps; the oldest go first. */
const OUTBOX_SIZE = 200

/**
 * The development gateway: nothing leaves the machine. Messages wait in an outbox that
 * `npm run admin -- sms:outbox` and the /sandbox/sms page show.
 */
export function createSandboxSmsGateway(deps: { now: () => number }) {
  const outbox: SandboxMessage[] = []
  return {
    name: 'sandbox',
    async send(message: { mobile: string; text: string }) {
      outbox.push({ ...message, sentAt: deps.now() })
      if (outbox.length > OUTBOX_SIZE) outbox.shift()
    },
    outbox(mobile?: string): SandboxMessage[] {
      return outbox.filter((message) => !mobile || message.mobile === mobile).reverse()
    },
  } satisfies SmsGateway
}

/** The gateway SMS_GATEWAY names. */
export function createSmsGateway(name: SmsGatewayName, deps: { now: () => number }): SmsGateway {
  switch (name) {
    case 'sandbox':
      return createSandboxSmsGateway(deps)
  }
}
