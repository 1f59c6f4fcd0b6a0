import { useSetAtom } from 'jotai'
import { useId, useState } from 'react'
import { REPORT_REASON_MAX, type ReportTarget } from '../../../core/contracts/community-rules.ts'
import { errorMessage } from '../../lib/http.ts'
import { t } from '../../lib/messages-community.ts'
import { Sheet } from '../../ui/sheet.tsx'
import { showToastAtom } from '../../ui/toast.tsx'
import { reportAtom } from './api.ts'

const TITLES: Record<ReportTarget, string> = {
  post: t.community.reportPost,
  comment: t.community.reportComment,
  user: t.community.reportUser,
}
const OTHER = 'other'

/** Picks a reason (or writes one under 其他) and sends report/add; says so and closes once sent. */
export function ReportSheet({
  targetType,
  targetId,
  onClose,
}: {
  targetType: ReportTarget
  targetId: number
  onClose(): void
}) {
  const report = useSetAtom(reportAtom)
  const toast = useSetAtom(showToastAtom)
  const [choice, setChoice] = useState<string | null>(null)
  const [other, setOther] = useState('')
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const name = useId()
  const otherId = useId()
  const reason = choice === OTHER ? other.trim() : (choice ?? '')

  const handleSubmit = async () => {
    if (reason === '' || sending) return
    setSending(true)
    setError(null)
    try {
      await report({ targetType, targetId, reason })
      toast(t.community.reported)
      onClose()
    } catch (failure) {
      setError(errorMessage(failure))
      setSending(false)
    }
  }

  return (
    <Sheet
      title={TITLES[targetType]}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t.community.cancel}
          </button>
          <button
            type="button"
            className="button"
            disabled={reason === '' || sending}
            aria-busy={sending}
            onClick={() => void handleSubmit()}
          >
            {sending ? t.community.reportSending : t.community.reportSubmit}
          </button>
        </>
      }
    >
      <fieldset className="report-sheet__reasons">
        <legend className="report-sheet__legend">{t.community.reportReason}</legend>
        {[...t.community.reportReasons, OTHER].map((value) => (
          <label key={value} className="report-sheet__reason">
            <input
              type="radio"
              name={name}
              value={value}
              checked={choice === value}
              onChange={() => setChoice(value)}
            />
            <span>{value === OTHER ? t.community.reportOther : value}</span>
          </label>
        ))}
      </fieldset>
      {choice === OTHER ? (
        <div className="report-sheet__other">
          <label htmlFor={otherId}>{t.community.reportOtherLabel}</label>
          <textarea
            id={otherId}
            className="report-sheet__text"
            value={other}
            maxLength={REPORT_REASON_MAX}
            rows={3}
            onChange={(event) => setOther(event.target.value)}
          />
        </div>
      ) : null}
      {error ? (
        <p className="report-sheet__error" role="alert">
          {error}
        </p>
      ) : null}
    </Sheet>
  )
}
