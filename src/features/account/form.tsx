import { useId, type InputHTMLAttributes, type ReactNode } from 'react'

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid' | 'aria-describedby' | 'onChange'>

/**
 * A labelled input whose problem (checked before a call) shows under it, tied to it by
 * aria-describedby and marked aria-invalid, so a screen reader reads it with the field.
 */
export function TextField({
  label,
  problem,
  onValue,
  hint,
  end,
  ...input
}: InputProps & {
  label: string
  problem?: string | null
  onValue(value: string): void
  /** Shown under the field when there is no problem. */
  hint?: ReactNode
  /** Beside the input, e.g. the send-code button. */
  end?: ReactNode
}) {
  const id = useId()
  const noteId = `${id}-note`
  const note = problem ?? hint
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__row">
        <input
          {...input}
          id={id}
          className="field__input"
          aria-invalid={problem ? true : undefined}
          aria-describedby={note ? noteId : undefined}
          onChange={(event) => onValue(event.target.value)}
        />
        {end}
      </div>
      {note ? (
        <p id={noteId} className={problem ? 'field__problem' : 'field__hint'}>
          {note}
        </p>
      ) : null}
    </div>
  )
}

/** The submit button: disabled and aria-busy while its call is out. */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="button account-form__submit" disabled={busy} aria-busy={busy || undefined}>
      {busy ? busyLabel : label}
    </button>
  )
}

/** What the server said went wrong, announced as it appears. */
export function FormFailure({ message }: { message: string | null }) {
  return (
    <p className="account-form__failure" role="alert">
      {message}
    </p>
  )
}
