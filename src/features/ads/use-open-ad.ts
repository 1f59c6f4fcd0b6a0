import { advertiseClick } from '../../../core/contracts/calls.ts'
import { useRouter } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useCallback } from 'react'
import type { DomainEntry } from '../../../core/contracts/domain.ts'
import { operatorHosts } from '../../../core/links/session-token.ts'
import { apiAtom } from '../../lib/store.ts'
import { openAd, openInNativeShell, type ClickableAd } from './ad-click.ts'

/** What ad clicks need from the session; the route passes it (features do not read each other's atoms). */
export interface AdSession {
  token: string
  isAppStore: boolean
  config: { domain: readonly DomainEntry[] } | null
}

/** The click handler of every ad on a page: counts the click, then opens the target (ad-click.ts). */
export function useOpenAd({ token, isAppStore, config }: AdSession): (ad: ClickableAd) => void {
  const router = useRouter()
  const api = useAtomValue(apiAtom)
  return useCallback(
    (ad: ClickableAd) => {
      openAd(ad, {
        recordClick: (id) => api.call(advertiseClick, { id }),
        navigate: (path) => void router.navigate({ href: path }),
        openWindow: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
        openNative: (url) => openInNativeShell(url),
        isAppStore,
        link: {
          appOrigins: [location.origin],
          token,
          operatorHosts: config ? operatorHosts({ domain: [...config.domain] }) : [],
        },
      })
    },
    [api, router, token, isAppStore, config],
  )
}
