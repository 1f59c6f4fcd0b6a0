import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import type { PostCard } from '../../../core/contracts/community.ts'
import { createPagedList, pagedListFor } from '../../features/catalogue/paged-list.ts'
import { myPostsSource, type PostPage } from '../../features/publish/api.ts'
import { MyPostsScreen } from '../../features/publish/my-posts-screen.tsx'
import { appConfigAtom, sessionUserAtom } from '../../features/session/atoms.ts'

export const Route = createFileRoute('/mine/myPost')({
  component: MyPostPage,
})

function MyPostPage() {
  const config = useAtomValue(appConfigAtom)
  const { key, fetchPage } = myPostsSource(useAtomValue(sessionUserAtom)?.id ?? null)
  const list = pagedListFor(key, () => createPagedList<PostCard, PostPage>(key, fetchPage))
  return <MyPostsScreen list={list} config={config} />
}
