import { useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useState } from 'react'
import { t } from '../../lib/messages-pwa.ts'
import { InstallOption, installOptionAtom, installOutcomeAtom, promptInstallAtom } from './install.ts'
import { Sheet } from '../../ui/sheet.tsx'
import './pwa.css'

/**
 * The install entry in Mine: the browser's prompt where there is one, the iOS steps on
 * iOS, nothing once installed or when already running as the installed app.
 */
export function InstallEntry() {
  const option = useAtomValue(installOptionAtom)
  const outcome = useAtomValue(installOutcomeAtom)
  const promptInstall = useSetAtom(promptInstallAtom)
  const [stepsOpen, setStepsOpen] = useState(false)
  const closeSteps = useCallback(() => setStepsOpen(false), [])

  if (option === InstallOption.None && outcome === null) return null
  const handleInstall = () => {
    if (option === InstallOption.IosSteps) setStepsOpen(true)
    else void promptInstall()
  }
  return (
    <section className="card install-entry" aria-label={t.install.action}>
      {option === InstallOption.None ? null : (
        <>
          <button type="button" className="button install-entry__button" onClick={handleInstall}>
            {t.install.action}
          </button>
          <p className="install-entry__hint">{t.install.hint}</p>
        </>
      )}
      <p className="install-entry__outcome" role="status">
        {outcome === 'accepted' ? t.install.accepted : outcome === 'dismissed' ? t.install.dismissed : null}
      </p>
      {stepsOpen ? (
        <Sheet
          title={t.install.iosTitle}
          onClose={closeSteps}
          actions={
            <button type="button" className="button" onClick={closeSteps}>
              {t.install.close}
            </button>
          }
        >
          <ol className="install-steps">
            {t.install.iosSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </Sheet>
      ) : null}
    </section>
  )
}
