import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { createPagedList, pagedListFor } from '../../features/catalogue/paged-list.ts'
import { MineListKind, mineListSource, type MineItem, type MinePage } from '../../features/mine-lists/api.ts'
import { MineListScreen } from '../../features/mine-lists/mine-list-screen.tsx'
import { appConfigAtom, sessionUserAtom } from '../../features/session/atoms.ts'
import { t } from '../../lib/messages-pages.ts'

export const Route = createFileRoute('/mine/myCollect')({
  component: MyCollectPage,
})

function MyCollectPage() {
  const config = useAtomValue(appConfigAtom)
  const { key, fetchPage } = mineListSource(MineListKind.Collect, useAtomValue(sessionUserAtom)?.id ?? null)
  const list = pagedListFor(key, () => createPagedList<MineItem, MinePage>(key, fetchPage))
  return <MineListScreen kind={MineListKind.Collect} title={t.pages.myCollect} list={list} config={config} />
}
