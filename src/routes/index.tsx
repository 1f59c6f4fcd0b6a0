import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { HomeAds } from '../features/ads/home-ads.tsx'
import { HomeCatalogue } from '../features/catalogue/home-catalogue.tsx'
import { HomeScreen } from '../features/home/home-screen.tsx'
import { appConfigAtom, appFlagsAtom, tokenAtom } from '../features/session/atoms.ts'

export const Route = createFileRoute('/')({
  component: HomePage,
})

function HomePage() {
  const config = useAtomValue(appConfigAtom)
  const token = useAtomValue(tokenAtom)
  const { isAppStore } = useAtomValue(appFlagsAtom)
  return (
    <HomeScreen
      ads={<HomeAds config={config} token={token} isAppStore={isAppStore} />}
      catalogue={<HomeCatalogue config={config} />}
    />
  )
}
