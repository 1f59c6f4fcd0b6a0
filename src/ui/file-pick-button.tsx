import './file-pick-button.css'

/**
 * A button that opens the file picker: the input is hidden but stays focusable inside its label,
 * so keyboards and screen readers reach it as the button. Picking the same file again fires again.
 */
export function FilePickButton({
  label,
  accept,
  disabled = false,
  ghost = false,
  onPick,
}: {
  label: string
  accept: string
  disabled?: boolean
  ghost?: boolean
  onPick: (file: File | undefined) => void
}) {
  return (
    <label className={`button file-pick${ghost ? ' button--ghost' : ''}${disabled ? ' is-disabled' : ''}`}>
      {label}
      <input
        className="file-pick__input"
        type="file"
        accept={accept}
        disabled={disabled}
        onChange={(event) => {
          onPick(event.currentTarget.files?.[0])
          event.currentTarget.value = ''
        }}
      />
    </label>
  )
}
