import { Link } from '@tanstack/react-router'
import { useSetAtom } from 'jotai'
import { useCallback, useEffect, useState } from 'react'
import { CLIENT_VERSION } from '../../../core/protocol/defaults.ts'
import { t } from '../../lib/messages-pwa.ts'
import { PageHeader } from '../../ui/page-header.tsx'
import { showToastAtom } from '../../ui/toast.tsx'
import { Sheet } from '../../ui/sheet.tsx'
import { clearImageCaches, estimateStorage, formatBytes, pageClearImageDeps, type StorageUsage } from './storage.ts'
import './pwa.css'

const ACCOUNT_LINKS = [
  ['/mine/setting/accout/', t.pages.account],
  ['/mine/setting/avatar', t.pages.avatar],
  ['/mine/setting/modifyname', t.pages.modifyname],
  ['/mine/setting/modifiIntro', t.pages.modifiIntro],
  ['/mine/setting/modifyPassword', t.pages.modifyPassword],
  ['/mine/setting/bindPhone', t.pages.bindPhone],
  ['/mine/setting/phone', t.pages.phone],
  ['/mine/credentials', t.pages.credentials],
  ['/mine/setting/accoutCode-camera/', t.pages.accountCodeCamera],
] as const

const SUPPORT_LINKS = [
  ['/mine/setting/autokf', t.pages.autokf],
  ['/mine/setting/kf', t.pages.kf],
  ['/mine/setting/recruitment', t.pages.recruitment],
] as const

/** Set by a build's environment (VITE_BUILD_ID) to tell deployed builds apart; absent in development. */
const BUILD_ID: unknown = import.meta.env.VITE_BUILD_ID

export interface SettingsDeps {
  estimate(): Promise<StorageUsage | null>
  clearImages(): Promise<unknown>
}

const pageDeps: SettingsDeps = {
  estimate: () => estimateStorage(),
  clearImages: () => clearImageCaches(pageClearImageDeps()),
}

type ClearState = 'idle' | 'confirming' | 'clearing'

function LinkMenu({ label, links }: { label: string; links: ReadonlyArray<readonly [string, string]> }) {
  return (
    <nav className="card menu" aria-label={label}>
      <ul className="menu__list">
        {links.map(([to, text]) => (
          <li key={to}>
            <Link to={to} className="menu__link">
              <span>{text}</span>
              <span aria-hidden="true">›</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** /mine/setting/: links to the account and support pages, storage used and the clear-cache action. */
export function SettingsScreen({ deps = pageDeps }: { deps?: SettingsDeps }) {
  const showToast = useSetAtom(showToastAtom)
  const [usage, setUsage] = useState<StorageUsage | null | undefined>(undefined)
  const [clear, setClear] = useState<ClearState>('idle')

  const [generation, setGeneration] = useState(0)
  useEffect(() => {
    let current = true
    void deps.estimate().then((figures) => {
      if (current) setUsage(figures)
    })
    return () => {
      current = false
    }
  }, [deps, generation])

  const closeConfirm = useCallback(() => setClear('idle'), [])
  const handleConfirm = async () => {
    setClear('clearing')
    try {
      await deps.clearImages()
      showToast(t.settings.cleared)
    } catch {
      showToast(t.settings.clearFailed)
    }
    setGeneration((value) => value + 1)
    setClear('idle')
  }

  return (
    <main className="page">
      <PageHeader title={t.pages.setting} />
      <LinkMenu label={t.settings.account} links={ACCOUNT_LINKS} />
      <LinkMenu label={t.settings.support} links={SUPPORT_LINKS} />
      <section className="card settings-storage" aria-labelledby="settings-storage-title">
        <h2 id="settings-storage-title" className="card__title">
          {t.settings.storage}
        </h2>
        <p className="settings-storage__usage" data-testid="storage-usage" aria-live="polite">
          {usage === undefined
            ? t.common.loading
            : usage === null
              ? t.settings.storageUnknown
              : t.settings.storageUsed(formatBytes(usage.usage), formatBytes(usage.quota))}
        </p>
        {usage ? (
          <progress
            className="settings-storage__bar"
            max={usage.quota}
            value={usage.usage}
            aria-label={t.settings.storage}
          />
        ) : null}
        <button type="button" className="button" disabled={clear === 'clearing'} onClick={() => setClear('confirming')}>
          {clear === 'clearing' ? t.settings.clearing : t.settings.clearCache}
        </button>
      </section>
      <p className="settings-version">
        {t.settings.version} {CLIENT_VERSION}
        {typeof BUILD_ID === 'string' && BUILD_ID ? ` (${BUILD_ID})` : null}
      </p>
      {clear === 'confirming' ? (
        <Sheet
          title={t.settings.clearConfirmTitle}
          onClose={closeConfirm}
          actions={
            <>
              <button type="button" className="button button--ghost" onClick={closeConfirm}>
                {t.settings.cancel}
              </button>
              <button type="button" className="button" onClick={() => void handleConfirm()}>
                {t.settings.clearConfirm}
              </button>
            </>
          }
        >
          <p>{t.settings.clearConfirmText}</p>
        </Sheet>
      ) : null}
    </main>
  )
}
