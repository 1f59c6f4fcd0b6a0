import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import type { CreatorCard } from '../../../core/contracts/community.ts'
import { createPagedList, pagedListFor } from '../../features/catalogue/paged-list.ts'
import { followedSource, type CreatorPage } from '../../features/creators/api.ts'
import { MyFollowScreen } from '../../features/creators/my-follow-screen.tsx'
import { appConfigAtom, sessionUserAtom } from '../../features/session/atoms.ts'

export const Route = createFileRoute('/mine/myFollow')({
  component: MyFollowPage,
})

function MyFollowPage() {
  const config = useAtomValue(appConfigAtom)
  const { key, fetchPage } = followedSource(useAtomValue(sessionUserAtom)?.id ?? null)
  const list = pagedListFor(key, () => createPagedList<CreatorCard, CreatorPage>(key, fetchPage))
  return <MyFollowScreen list={list} config={config} />
}
