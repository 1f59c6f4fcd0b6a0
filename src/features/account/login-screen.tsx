import { Link } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { loginAccountLogin, loginOfficial, loginPhone } from '../../../core/contracts/calls.ts'
import { t } from '../../lib/messages-account.ts'
import { PageHeader } from '../../ui/page-header.tsx'
import { CodeField, MobileField } from './code-field.tsx'
import { FormFailure, SubmitButton, TextField } from './form.tsx'
import { useDeviceId, useOpenMine, useSignIn } from './use-sign-in.ts'
import { useSubmission } from './use-submission.ts'
import { codeProblem, readMobile, requiredProblem } from './validate.ts'
import './account.css'

const LoginWay = { Password: 'password', Phone: 'phone', Credential: 'credential' } as const
type LoginWay = (typeof LoginWay)[keyof typeof LoginWay]

const WAYS: ReadonlyArray<readonly [LoginWay, string]> = [
  [LoginWay.Password, t.account.byPassword],
  [LoginWay.Phone, t.account.byPhone],
  [LoginWay.Credential, t.account.byCredential],
]

/** /mine/login: by account and password, by phone and code, or by the credential of the QR card. */
export function LoginScreen() {
  const [way, setWay] = useState<LoginWay>(LoginWay.Password)
  return (
    <main className="page">
      <PageHeader title={t.pages.login} />
      <div className="account-ways" role="group" aria-label={t.account.loginWays}>
        {WAYS.map(([value, label]) => (
          <button
            key={value}
            type="button"
            className="account-ways__way"
            aria-pressed={way === value}
            onClick={() => setWay(value)}
          >
            {label}
          </button>
        ))}
      </div>
      {way === LoginWay.Password ? <PasswordLogin /> : way === LoginWay.Phone ? <PhoneLogin /> : <CredentialLogin />}
      <p className="account-switch">
        <Link to="/mine/originalRegister">{t.account.toRegister}</Link>
      </p>
    </main>
  )
}

function PasswordLogin() {
  const signIn = useSignIn()
  const openMine = useOpenMine()
  const devID = useDeviceId()
  const { busy, failure, run } = useSubmission()
  const [account, setAccount] = useState('')
  const [password, setPassword] = useState('')
  const [problems, setProblems] = useState<{ account?: string | null; password?: string | null }>({})

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    const checked = {
      account: requiredProblem(account.trim(), t.account.invalid.accountRequired),
      password: requiredProblem(password, t.account.invalid.passwordRequired),
    }
    setProblems(checked)
    if (checked.account || checked.password) return
    void run(async () => {
      await signIn(loginAccountLogin, { account: account.trim(), password, devID }, t.account.loginFailed)
      await openMine()
    })
  }

  return (
    <form className="card account-form" noValidate onSubmit={handleSubmit}>
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
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onValue={setPassword}
        problem={problems.password}
      />
      <FormFailure message={failure} />
      <SubmitButton busy={busy} label={t.account.login} busyLabel={t.account.loggingIn} />
    </form>
  )
}

function PhoneLogin() {
  const signIn = useSignIn()
  const openMine = useOpenMine()
  const devID = useDeviceId()
  const { busy, failure, run } = useSubmission()
  const [mobile, setMobile] = useState('')
  const [code, setCode] = useState('')
  const [problems, setProblems] = useState<{ mobile?: string | null; code?: string | null }>({})

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
      await signIn(loginPhone, { mobile: read.mobile, code, devID }, t.account.phoneOrCardLoginFailed)
      await openMine()
    })
  }

  return (
    <form className="card account-form" noValidate onSubmit={handleSubmit}>
      <MobileField value={mobile} onValue={setMobile} problem={problems.mobile ?? null} />
      <CodeField purpose="login" target={targetMobile} value={code} onValue={setCode} problem={problems.code ?? null} />
      <FormFailure message={failure} />
      <SubmitButton busy={busy} label={t.account.login} busyLabel={t.account.loggingIn} />
    </form>
  )
}

function CredentialLogin() {
  const signIn = useSignIn()
  const openMine = useOpenMine()
  const devID = useDeviceId()
  const { busy, failure, run } = useSubmission()
  const [credential, setCredential] = useState('')
  const [problem, setProblem] = useState<string | null>(null)

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    const text = credential.trim()
    const checked = requiredProblem(text, t.account.invalid.credential)
    setProblem(checked)
    if (checked) return
    void run(async () => {
      await signIn(loginOfficial, { credential: text, devID }, t.account.phoneOrCardLoginFailed)
      await openMine()
    })
  }

  return (
    <form className="card account-form" noValidate onSubmit={handleSubmit}>
      <Link to="/mine/setting/accoutCodeCamera" className="button button--ghost account-form__scan">
        {t.account.scanCredential}
      </Link>
      <TextField
        label={t.account.credential}
        name="credential"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t.account.credentialPlaceholder}
        value={credential}
        onValue={setCredential}
        problem={problem}
      />
      <FormFailure message={failure} />
      <SubmitButton busy={busy} label={t.account.login} busyLabel={t.account.loggingIn} />
    </form>
  )
}
