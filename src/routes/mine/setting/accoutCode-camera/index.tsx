import { createFileRoute } from '@tanstack/react-router'
import { CameraScanScreen } from '../../../../features/credential-scan/camera-scan-screen.tsx'

export const Route = createFileRoute('/mine/setting/accoutCode-camera/')({
  component: AccountCodeCameraPage,
})

function AccountCodeCameraPage() {
  return <CameraScanScreen />
}
