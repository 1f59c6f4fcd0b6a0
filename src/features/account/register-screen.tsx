import { Link } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { loginAccountRegister } from '../../../core/contracts/calls.ts'
import { t } from '../../lib/messages-account.ts'
import { PageHeader } from '../../ui/page-header.tsx'
import { FormFailure, SubmitButton, TextField } from './form.tsx'
import { useDeviceId, useOpenMine, useSignIn } from './use-sign-in.ts'
import { useSubmission } from './use-submission.ts'
import { accountProblem, confirmProblem, newPasswordProblem } from './validate.ts'
import './account.css'

interface Problems {
  account?: string | null
  password?: string | null
  confirmation?: string | null
}

/** /mine/originalRegister: the guest becomes an account, keeping everything it has. */
export function RegisterScreen() {
  const signIn = useSignIn()
  const openMine = useOpenMine()
  const devID = useDeviceId()
  const { busy, failure, run } = useSubmission()
  const [account, setAccount] = useState('')
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [problems, setProblems] = useState<Problems>({})

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    const checked = {
      account: accountProblem(account.trim()),
      password: newPasswordProblem(password),
      confirmation: confirmProblem(password, confirmation),
    }
    setProblems(checked)
    if (checked.account || checked.password || checked.confirmation) return
    void run(async () => {
      await signIn(loginAccountRegister, { account: account.trim(), password, devID }, t.account.loginFailed)
      await openMine()
    })
  }

  return (
    <main className="page">
      <PageHeader title={t.pages.originalRegister} />
      <form className="card account-form" noValidate onSubmit={handleSubmit}>
        <p className="account-form__hint">{t.account.registerHint}</p>
        <TextField
          label={t.account.account}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t.account.accountPlaceholder}
          value={account}
          onValue={setAccount}
          problem={problems.account}
        />
        <TextField
          label={t.account.password}
          name="new-password"
          type="password"
          autoComplete="new-password"
          placeholder={t.account.passwordPlaceholder}
          value={password}
          onValue={setPassword}
          problem={problems.password}
        />
        <TextField
          label={t.account.confirmPassword}
          name="confirm-password"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onValue={setConfirmation}
          problem={problems.confirmation}
        />
        <FormFailure message={failure} />
        <SubmitButton busy={busy} label={t.account.register} busyLabel={t.account.registering} />
      </form>
      <p className="account-switch">
        <Link to="/mine/login">{t.account.toLogin}</Link>
      </p>
    </main>
  )
}
