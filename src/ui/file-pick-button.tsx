import './file-pick-button.css'

/**
 * A button that opens the file picker: the input is hidden but stays focusable inside its label,
 * so keyboards and screen readers reach it as the button. Picking the same file again fires again.
 * With `onPickFiles` the picker takes several files at once.
 */
export function FilePickButton({
  label,
  ariaLabel,
  accept,
  disabled = false,
  ghost = false,
  small = false,
  onPick,
  onPickFiles,
}: {
  label: string
  /** A fuller name for screen readers, when the visible label is short (重新选择 → 重新选择图片 2). */
  ariaLabel?: string
  accept: string
  disabled?: boolean
  ghost?: boolean
  small?: boolean
  onPick?: (file: File | undefined) => void
  onPickFiles?: (files: File[]) => void
}) {
  const classes = [
    'button',
    'file-pick',
    ghost ? 'button--ghost' : '',
    small ? 'button--small' : '',
    disabled ? 'is-disabled' : '',
  ]
  return (
    <label className={classes.filter(Boolean).join(' ')}>
      {label}
      <input
        className="file-pick__input"
        type="file"
        accept={accept}
        disabled={disabled}
        multiple={onPickFiles !== undefined}
        aria-label={ariaLabel}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])]
          if (onPickFiles) onPickFiles(files)
          else onPick?.(files[0])
          event.currentTarget.value = ''
        }}
      />
    </label>
  )
}
