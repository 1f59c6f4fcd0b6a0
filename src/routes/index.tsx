import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { HomeAds } from '../features/ads/home-ads.tsx'
import { HomeCatalogue, startHomeCatalogueAtom } from '../features/catalogue/home-catalogue.tsx'
import { createFirstScreenGate } from '../features/home/first-screen-images.ts'
import { HomeScreen, useStartInFirstCommit } from '../features/home/home-screen.tsx'
import { appConfigAtom, appFlagsAtom, tokenAtom } from '../features/session/atoms.ts'

export const Route = createFileRoute('/')({
  component: HomePage,
})

/**
 * Home's small ad images and the carousel's later slides wait for its first cover
 * (features/home/first-screen-images.ts).
 */
const firstScreen = createFirstScreenGate()

function HomePage() {
  const config = useAtomValue(appConfigAtom)
  const token = useAtomValue(tokenAtom)
  const { isAppStore } = useAtomValue(appFlagsAtom)
  useStartInFirstCommit(startHomeCatalogueAtom)
  return (
    <HomeScreen
      ads={<HomeAds config={config} token={token} isAppStore={isAppStore} imagesAfter={firstScreen.opened} />}
      catalogue={<HomeCatalogue config={config} onFirstCoverShown={firstScreen.coverShown} />}
    />
  )
}
