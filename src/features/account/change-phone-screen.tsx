import { Link, useNavigate } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { useState, type FormEvent } from 'react'
import type { UserInfo } from '../../../core/contracts/session.ts'
import { maskMobile } from '../../../core/contracts/account-rules.ts'
import { userChangeMobile } from '../../../core/contracts/calls.ts'
import { t } from '../../lib/messages-account.ts'
import { apiAtom } from '../../lib/store.ts'
import { PageHeader } from '../../ui/page-header.tsx'
import { showToastAtom } from '../../ui/toast.tsx'
import { updateSessionUserAtom } from '../session/public.ts'
import { CodeField, MobileField } from './code-field.tsx'
import { FormFailure, SubmitButton } from './form.tsx'
import { RequireAccount } from './require-account.tsx'
import { useSubmission } from './use-submission.ts'
import { codeProblem, readMobile } from './validate.ts'
import './account.css'

/**
 * /mine/setting/phone: a new number in two steps, a code to the bound number, then the new
 * number with its own code; user/changeMobile checks both at once.
 */
export function ChangePhoneScreen() {
  return (
    <RequireAccount title={t.pages.phone}>
      {(user) => (
        <main className="page">
          <PageHeader title={t.pages.phone} />
          {user.mobile ? (
            <ChangePhoneForm user={user} />
          ) : (
            <section className="card account-form">
              <p>{t.account.unbound}</p>
              <Link to="/mine/setting/bindPhone" className="button">
                {t.account.bind}
              </Link>
            </section>
          )}
        </main>
      )}
    </RequireAccount>
  )
}

function ChangePhoneForm({ user }: { user: UserInfo }) {
  const api = useAtomValue(apiAtom)
  const updateUser = useSetAtom(updateSessionUserAtom)
  const showToast = useSetAtom(showToastAtom)
  const navigate = useNavigate()
  const { busy, failure, run } = useSubmission()
  const [oldCode, setOldCode] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const [mobile, setMobile] = useState('')
  const [problems, setProblems] = useState<{ mobile?: string | null; code?: string | null }>({})

  const handleOldSubmit = (event: FormEvent) => {
    event.preventDefault()
    const problem = codeProblem(code)
    setProblems({ code: problem })
    if (problem) return
    setOldCode(code)
    setCode('')
  }

  const targetNewMobile = () => {
    const read = readMobile(mobile)
    setProblems({ mobile: 'problem' in read ? read.problem : null })
    return 'mobile' in read ? read.mobile : null
  }
  const handleNewSubmit = (event: FormEvent) => {
    event.preventDefault()
    const read = readMobile(mobile)
    const checked = { mobile: 'problem' in read ? read.problem : null, code: codeProblem(code) }
    setProblems(checked)
    if (!('mobile' in read) || checked.code || oldCode === null) return
    void run(async () => {
      await updateUser(await api.call(userChangeMobile, { oldCode, mobile: read.mobile, code }))
      showToast(t.account.changed)
      await navigate({ to: '/mine/setting/accout/', replace: true })
    })
  }

  if (oldCode === null) {
    return (
      <form className="card account-form" noValidate onSubmit={handleOldSubmit} key="old">
        <p className="account-form__hint">{t.account.changeStepOld(maskMobile(user.mobile))}</p>
        <CodeField
          purpose="changeOld"
          target={() => user.mobile}
          value={code}
          onValue={setCode}
          problem={problems.code ?? null}
        />
        <SubmitButton busy={false} label={t.account.next} busyLabel={t.account.next} />
      </form>
    )
  }
  return (
    <form className="card account-form" noValidate onSubmit={handleNewSubmit} key="new">
      <p className="account-form__hint">{t.account.changeStepNew}</p>
      <MobileField value={mobile} onValue={setMobile} problem={problems.mobile ?? null} />
      <CodeField
        purpose="changeNew"
        target={targetNewMobile}
        value={code}
        onValue={setCode}
        problem={problems.code ?? null}
      />
      <FormFailure message={failure} />
      <SubmitButton busy={busy} label={t.account.save} busyLabel={t.account.saving} />
    </form>
  )
}
