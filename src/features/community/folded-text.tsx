import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { t } from '../../lib/messages-community.ts'

/** Lines shown before 全文 (the CSS clamp, community.css `.folded-text__body[data-folded]`). */
export const FOLDED_LINES = 5
/** Without layout to measure (tests, a hidden kept page), a text this long is taken to pass 5 lines. */
const FOLD_GUESS_CHARACTERS = 100

/** Whether a text would pass the clamp, guessed from its line breaks and length. */
export function guessFolds(text: string): boolean {
  const lines = text.split('\n')
  return lines.length > FOLDED_LINES || text.length > FOLD_GUESS_CHARACTERS
}

/**
 * A post's text: clamped to five lines with 全文 to open it and 收起 to close it again, when it
 * is longer than that. The clamp is measured once laid out; before that it is guessed.
 */
export interface FoldedTextProps {
  text: string
  className?: string
  /** Wraps the text (not the toggle), e.g. in a link to the post. */
  wrapBody?: (body: ReactNode) => ReactNode
}

export function FoldedText(props: FoldedTextProps) {
  // Another text is measured afresh.
  return <FoldedTextOnce key={props.text} {...props} />
}

function FoldedTextOnce({ text, className, wrapBody = (body) => body }: FoldedTextProps) {
  const body = useRef<HTMLParagraphElement>(null)
  const id = useId()
  /** Null until measured: the clamp is on meanwhile, so the measure sees the clamped height. */
  const [foldable, setFoldable] = useState<boolean | null>(null)
  const [expanded, setExpanded] = useState(false)

  useLayoutEffect(() => {
    const element = body.current
    if (!element || foldable !== null) return
    // No layout (a page kept hidden, tests): guessed from the text.
    setFoldable(element.clientHeight === 0 ? guessFolds(text) : element.scrollHeight > element.clientHeight + 1)
  }, [text, foldable])

  if (text === '') return null
  return (
    <div className={className ? `folded-text ${className}` : 'folded-text'}>
      {wrapBody(
        <p
          ref={body}
          id={id}
          className="folded-text__body"
          data-folded={(foldable !== false && !expanded) || undefined}
        >
          {text}
        </p>,
      )}
      {foldable === true ? (
        <button
          type="button"
          className="folded-text__toggle"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? t.community.collapse : t.community.expand}
        </button>
      ) : null}
    </div>
  )
}
