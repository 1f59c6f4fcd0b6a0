import { Link, useNavigate } from '@tanstack/react-router'
import { useAtomValue, useSetAtom } from 'jotai'
import { useState, type FormEvent } from 'react'
import { maskMobile } from '../../../core/contracts/account-rules.ts'
import { loginBindMobile } from '../../../core/contracts/calls.ts'
import { t } from '../../lib/messages-account.ts'
import { PageHeader } from '../../ui/page-header.tsx'
import { showToastAtom } from '../../ui/toast.tsx'
import { sessionUserAtom } from '../session/public.ts'
import { CodeField, MobileField } from './code-field.tsx'
import { FormFailure, SubmitButton } from './form.tsx'
import { useSignIn } from './use-sign-in.ts'
import { useSubmission } from './use-submission.ts'
import { codeProblem, readMobile } from './validate.ts'
import './account.css'

/** /mine/setting/bindPhone: binds a number (a guest becomes an account with it). */
export function BindPhoneScreen() {
  const user = useAtomValue(sessionUserAtom)
  const signIn = useSignIn()
  const navigate = useNavigate()
  const showToast = useSetAtom(showToastAtom)
  const { busy, failure, run } = useSubmission()
  const [mobile, setMobile] = useState('')
  const [code, setCode] = useState('')
  const [problems, setProblems] = useState<{ mobile?: string | null; code?: string | null }>({})

  if (user?.mobile) {
    return (
      <main className="page">
        <PageHeader title={t.pages.bindPhone} />
        <section className="card account-form">
          <p>{t.account.bound(maskMobile(user.mobile))}</p>
          <Link to="/mine/setting/phone" className="button button--ghost">
            {t.account.change}
          </Link>
        </section>
      </main>
    )
  }

  const targetMobile = () => {
    const read = readMobile(mobile)
    setProblems({ mobile: 'problem' in read ? read.problem : null })
    return 'mobile' in read ? read.mobile : null
  }
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    const read = readMobile(mobile)
    const checked = { mobile: 'problem' in read ? read.problem : null, code: codeProblem(code) }
    setProblems(checked)
    if (!('mobile' in read) || checked.code) return
    void run(async () => {
      await signIn(loginBindMobile, { mobile: read.mobile, code }, t.account.bindFailed)
      showToast(t.account.bindDone)
      await navigate({ to: '/mine/setting/accout/', replace: true })
    })
  }

  return (
    <main className="page">
      <PageHeader title={t.pages.bindPhone} />
      <form className="card account-form" noValidate onSubmit={handleSubmit}>
        <p className="account-form__hint">{t.account.bindHint}</p>
        <MobileField value={mobile} onValue={setMobile} problem={problems.mobile ?? null} />
        <CodeField
          purpose="bind"
          target={targetMobile}
          value={code}
          onValue={setCode}
          problem={problems.code ?? null}
        />
        <FormFailure message={failure} />
        <SubmitButton busy={busy} label={t.account.bind} busyLabel={t.account.saving} />
      </form>
    </main>
  )
}
