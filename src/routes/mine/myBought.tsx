import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { createPagedList, pagedListFor } from '../../features/catalogue/paged-list.ts'
import { MineListKind, mineListSource, type MineItem, type MinePage } from '../../features/mine-lists/api.ts'
import { MineListScreen } from '../../features/mine-lists/mine-list-screen.tsx'
import { appConfigAtom, sessionUserAtom } from '../../features/session/atoms.ts'
import { t } from '../../lib/messages-pages.ts'

export const Route = createFileRoute('/mine/myBought')({
  component: MyBoughtPage,
})

function MyBoughtPage() {
  const config = useAtomValue(appConfigAtom)
  const { key, fetchPage } = mineListSource(MineListKind.Bought, useAtomValue(sessionUserAtom)?.id ?? null)
  const list = pagedListFor(key, () => createPagedList<MineItem, MinePage>(key, fetchPage))
  return <MineListScreen kind={MineListKind.Bought} title={t.pages.myBought} list={list} config={config} />
}
