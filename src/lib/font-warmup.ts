/** A text style to warm: a CSS font-size (custom properties, calc() and max() resolve as in the stylesheets) and weight. */
export interface TextStyle {
  size: string
  weight: number
}

export interface FontWarmupDeps {
  document: Document
  /** Runs `callback` in a task of its own. */
  nextTask(callback: () => void): void
}

/** Chinese, Latin and digits: the text a style is warmed with reaches every font the page's text falls back to. */
const SAMPLE_TEXT = '首页热门 Marquee 1.2万'

/**
 * Lays out a line of hidden text in each style, one style per task, and settles when done.
 *
 * The first time text uses a font at a given size and weight, Chromium builds that font
 * instance, several milliseconds each with the system's CJK fonts (tens of MB each; figures in
 * bench/README.md). Home's first render meets about ten of them in one layout, a long task on a
 * phone, right when the page becomes usable. Built one per task while
 * the page still waits for the network, each is a short task, and the first render finds them
 * made.
 */
export function warmFonts(
  styles: readonly TextStyle[],
  { document, nextTask }: FontWarmupDeps = {
    document: globalThis.document,
    nextTask: (callback) => setTimeout(callback),
  },
): Promise<void> {
  const host = document.createElement('div')
  host.setAttribute('aria-hidden', 'true')
  host.dataset.fontWarmup = ''
  host.style.cssText = 'position:absolute;top:0;left:-9999px;visibility:hidden;white-space:nowrap'
  document.body.append(host)
  return new Promise((resolve) => {
    const warm = (index: number) => {
      const style = styles[index]
      if (!style) {
        host.remove()
        return resolve()
      }
      const line = document.createElement('span')
      line.style.fontSize = style.size
      line.style.fontWeight = String(style.weight)
      line.textContent = SAMPLE_TEXT
      host.append(line)
      // Reading a size makes the browser lay the line out now, in this task.
      void line.offsetWidth
      nextTask(() => warm(index + 1))
    }
    nextTask(() => warm(0))
  })
}
