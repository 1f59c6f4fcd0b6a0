/** Sends text messages. The sandbox keeps them in an outbox; a real provider implements the same. */
export interface SmsGateway {
  readonly name: string
  send(message: { mobile: string; text: string }): Promise<void>
}

export interface SandboxMessage {
  mobile: string
  text: string
  /** Milliseconds, like Date.now. */
  sentAt: number
}

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
    /** Newest first; only one number's when given. */
    outbox(mobile?: string): SandboxMessage[] {
      return outbox.filter((message) => !mobile || message.mobile === mobile).reverse()
    },
  } satisfies SmsGateway & Record<string, unknown>
}
