import type { SmsPurpose } from '../../../core/contracts/account.ts'
import { t } from '../../lib/messages-account.ts'
import { TextField } from './form.tsx'
import { useCodeSender } from './use-code-sender.ts'

/**
 * The 6-digit code field with its 获取验证码 button. `target` answers the number to send to,
 * or null when the form has shown why it cannot (an invalid number).
 */
export function CodeField({
  purpose,
  target,
  value,
  onValue,
  problem,
}: {
  purpose: SmsPurpose
  target(): string | null
  value: string
  onValue(value: string): void
  problem: string | null
}) {
  const sender = useCodeSender(purpose)
  const waiting = sender.remaining > 0
  const handleSend = () => {
    const mobile = target()
    if (mobile !== null) void sender.send(mobile)
  }
  return (
    <TextField
      label={t.account.code}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder={t.account.codePlaceholder}
      value={value}
      onValue={(text) => onValue(text.trim())}
      problem={problem ?? sender.failure}
      end={
        <button
          type="button"
          className="button button--ghost button--small field__action"
          disabled={sender.sending || waiting}
          aria-busy={sender.sending || undefined}
          onClick={handleSend}
        >
          {sender.sending ? t.account.sending : waiting ? t.account.resendIn(sender.remaining) : t.account.sendCode}
        </button>
      }
    />
  )
}

/** A mainland mobile number field. */
export function MobileField({
  value,
  onValue,
  problem,
  label = t.account.mobile,
}: {
  value: string
  onValue(value: string): void
  problem: string | null
  label?: string
}) {
  return (
    <TextField
      label={label}
      name="mobile"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={t.account.mobilePlaceholder}
      value={value}
      onValue={onValue}
      problem={problem}
    />
  )
}
