import { useAtomValue } from 'jotai'
import { useState, type FormEvent } from 'react'
import { userChangePassword } from '../../../core/contracts/calls.ts'
import { t } from '../../lib/messages-account.ts'
import { apiAtom } from '../../lib/store.ts'
import { PageHeader } from '../../ui/page-header.tsx'
import { FormFailure, SubmitButton, TextField } from './form.tsx'
import { RequireAccount } from './require-account.tsx'
import { useSubmission } from './use-submission.ts'
import { confirmProblem, newPasswordProblem, requiredProblem } from './validate.ts'
import './account.css'

/** /mine/setting/modifyPassword: every other device is signed out (the server ends their sessions). */
export function ModifyPasswordScreen() {
  return (
    <RequireAccount title={t.pages.modifyPassword}>
      {(user) => (
        <main className="page">
          <PageHeader title={t.pages.modifyPassword} />
          <ModifyPasswordForm account={user.account} />
        </main>
      )}
    </RequireAccount>
  )
}

interface Problems {
  oldPassword?: string | null
  newPassword?: string | null
  confirmation?: string | null
}

function ModifyPasswordForm({ account }: { account: string }) {
  const api = useAtomValue(apiAtom)
  const { busy, failure, run } = useSubmission()
  const [oldPassword, setOldPassword] = useState('')
  const [newPassword, setNewPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [problems, setProblems] = useState<Problems>({})
  const [done, setDone] = useState(false)

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    const checked: Problems = {
      oldPassword: requiredProblem(oldPassword, t.account.invalid.passwordRequired),
      newPassword:
        newPasswordProblem(newPassword) ?? (newPassword === oldPassword ? t.account.invalid.sameAsOld : null),
      confirmation: confirmProblem(newPassword, confirmation),
    }
    setProblems(checked)
    setDone(false)
    if (checked.oldPassword || checked.newPassword || checked.confirmation) return
    void run(async () => {
      await api.call(userChangePassword, { oldPassword, newPassword })
      setOldPassword('')
      setNewPassword('')
      setConfirmation('')
      setDone(true)
    })
  }

  return (
    <form className="card account-form" noValidate onSubmit={handleSubmit}>
      <p className="account-form__hint" role="status">
        {done ? t.account.passwordChanged : t.account.passwordHint}
      </p>
      {/* For password managers: which account the new password belongs to. */}
      <input type="text" name="username" autoComplete="username" value={account} readOnly hidden />
      <TextField
        label={t.account.oldPassword}
        name="current-password"
        type="password"
        autoComplete="current-password"
        value={oldPassword}
        onValue={setOldPassword}
        problem={problems.oldPassword}
      />
      <TextField
        label={t.account.newPassword}
        name="new-password"
        type="password"
        autoComplete="new-password"
        placeholder={t.account.passwordPlaceholder}
        value={newPassword}
        onValue={setNewPassword}
        problem={problems.newPassword}
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
      <SubmitButton busy={busy} label={t.account.save} busyLabel={t.account.saving} />
    </form>
  )
}
