import { and, eq } from 'drizzle-orm'
import type { ReportTarget } from '../../../core/contracts/community-rules.ts'
import type { Db } from '../../db/client.ts'
import { reports, userBlocks } from '../../db/schema/community.ts'

/** One report per reporter and target: a repeat inserts nothing. */
export async function insertReport(
  db: Db,
  report: { reporterId: number; targetType: ReportTarget; targetId: number; reason: string; createdAt: Date },
) {
  await db
    .insert(reports)
    .values(report)
    .onConflictDoNothing({ target: [reports.reporterId, reports.targetType, reports.targetId] })
}

export async function setBlock(db: Db, blockerId: number, blockedId: number, block: boolean, at: Date) {
  if (block) {
    await db.insert(userBlocks).values({ blockerId, blockedId, createdAt: at }).onConflictDoNothing()
  } else {
    await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
  }
}
