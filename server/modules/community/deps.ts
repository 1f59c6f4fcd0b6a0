import type { PlayLine } from '../../../core/contracts/play.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'

/** What the community services are built from (server/app.ts wires them). */
export interface CommunityDeps {
  db: Db
  /** Milliseconds, like Date.now. */
  now: () => number
  config: Pick<Config, 'moderation' | 'creatorShare'>
  /**
   * The play lines (with a play token) of a post's transcoded video for a user allowed to see
   * it; watching issues them, so the key endpoint's check stays in one place.
   */
  playLines: (userId: number, videoId: number) => Promise<PlayLine[]>
}
