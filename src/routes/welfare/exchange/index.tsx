import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import type { Page } from '../../../../core/contracts/media.ts'
import type { ExchangeRecord, RedeemedCode } from '../../../../core/contracts/welfare.ts'
import { createPagedList, pagedListFor } from '../../../features/catalogue/paged-list.ts'
import { refreshSessionUserAtom } from '../../../features/payments/api.ts'
import { sessionUserAtom } from '../../../features/session/atoms.ts'
import { codeHistorySource, exchangeHistorySource } from '../../../features/welfare/api.ts'
import { ExchangeScreen } from '../../../features/welfare/exchange-screen.tsx'

export const Route = createFileRoute('/welfare/exchange/')({
  component: ExchangePage,
})

function ExchangePage() {
  const userId = useAtomValue(sessionUserAtom)?.id ?? null
  const refreshUser = useSetAtom(refreshSessionUserAtom)
  const exchanges = exchangeHistorySource(userId)
  const codes = codeHistorySource(userId)
  return (
    <ExchangeScreen
      userId={userId}
      exchanges={pagedListFor(exchanges.key, () =>
        createPagedList<ExchangeRecord, Page<ExchangeRecord>>(exchanges.key, exchanges.fetchPage),
      )}
      codes={pagedListFor(codes.key, () =>
        createPagedList<RedeemedCode, Page<RedeemedCode>>(codes.key, codes.fetchPage),
      )}
      onUserChanged={() => void refreshUser().catch(() => {})}
    />
  )
}
