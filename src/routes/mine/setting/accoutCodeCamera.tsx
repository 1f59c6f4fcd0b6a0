import { createFileRoute } from '@tanstack/react-router'
import { ImageScanScreen } from '../../../features/credential-scan/image-scan-screen.tsx'

export const Route = createFileRoute('/mine/setting/accoutCodeCamera')({
  component: AccountCodeImagePage,
})

function AccountCodeImagePage() {
  return <ImageScanScreen />
}
