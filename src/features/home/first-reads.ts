import { mediaHome, mediaRecommend, pingAnnouncement } from '../../../core/contracts/calls.ts'
import type { AnyCallRequest } from '../../lib/primed-calls.ts'

/**
 * What home reads when it first shows. A first visit to home sends these as soon as the session is
 * ready (main.ts), and home's screens take the answers. Only main.ts imports this file: shared with
 * the screens' chunks, it made the bundler split the entry into more files. first-reads.test.tsx
 * checks that home asks for exactly these.
 */
export const homeSectionsRead = { call: mediaHome, body: undefined }
export const HOME_FIRST_READS: readonly AnyCallRequest[] = [
  homeSectionsRead,
  { call: mediaRecommend, body: {} },
  { call: pingAnnouncement, body: undefined },
]
