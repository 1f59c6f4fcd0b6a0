import type { TextStyle } from '../../lib/font-warmup.ts'

/**
 * The text styles of home's first screen, for warmFonts (lib/font-warmup.ts) while the page
 * waits for the session. Sizes are written as the stylesheets write them, so they resolve alike
 * at every width. The browser test "home's first screen's fonts" (tests/e2e/browse.test.ts) fails
 * when a stylesheet change puts a style on home's first screen that this list lacks.
 */
export const FIRST_SCREEN_TEXT_STYLES: readonly TextStyle[] = [
  { size: '11px', weight: 400 }, // footer tab labels
  { size: 'max(20px, calc(40 * var(--rpx)))', weight: 600 }, // the brand header
  { size: 'max(15px, calc(30 * var(--rpx)))', weight: 700 }, // the announcement card's heading
  { size: '15px', weight: 700 }, // the announcement's title
  { size: '16px', weight: 400 }, // the announcement's text
  { size: '12px', weight: 400 }, // icon ad names
  { size: 'max(16px, calc(32 * var(--rpx)))', weight: 700 }, // section headings
  { size: '13px', weight: 400 }, // a section's "more" link
  { size: 'max(13px, calc(26 * var(--rpx)))', weight: 400 }, // video card titles
  { size: '11px', weight: 700 }, // video card badges
]
