import { useAtomValue, useSetAtom } from 'jotai'
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react'
import { INTRO_MAX, NICKNAME_MAX } from '../../../core/contracts/account-rules.ts'
import { userInfoModify } from '../../../core/contracts/calls.ts'
import { t } from '../../lib/messages-account.ts'
import { apiAtom } from '../../lib/store.ts'
import { PageHeader } from '../../ui/page-header.tsx'
import { showToastAtom } from '../../ui/toast.tsx'
import { sessionUserAtom, updateSessionUserAtom } from '../session/public.ts'
import { FormFailure, SubmitButton, TextField } from './form.tsx'
import { useSubmission } from './use-submission.ts'
import { introLength, introProblem, nicknameProblem } from './validate.ts'
import './account.css'

/** user/info/modify with one field; its answer (the own user info) becomes the session's user. */
function useSaveProfile() {
  const api = useAtomValue(apiAtom)
  const updateUser = useSetAtom(updateSessionUserAtom)
  const showToast = useSetAtom(showToastAtom)
  const submission = useSubmission()
  const save = (patch: { nickname: string } | { intro: string }) =>
    submission.run(async () => {
      await updateUser(await api.call(userInfoModify, patch))
      showToast(t.account.saved)
    })
  return { ...submission, save }
}

/** /mine/setting/modifyname */
export function ModifyNameScreen() {
  const user = useAtomValue(sessionUserAtom)
  const { busy, failure, save } = useSaveProfile()
  const [nickname, setNickname] = useState(user?.nickname ?? '')
  const [problem, setProblem] = useState<string | null>(null)

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    const checked = nicknameProblem(nickname)
    setProblem(checked)
    if (!checked) void save({ nickname: nickname.trim() })
  }

  return (
    <main className="page">
      <PageHeader title={t.pages.modifyname} />
      <form className="card account-form" noValidate onSubmit={handleSubmit}>
        <TextField
          label={t.account.nickname}
          name="nickname"
          autoComplete="nickname"
          maxLength={NICKNAME_MAX * 2}
          value={nickname}
          onValue={setNickname}
          problem={problem}
        />
        <FormFailure message={failure} />
        <SubmitButton busy={busy} label={t.account.save} busyLabel={t.account.saving} />
      </form>
    </main>
  )
}

/** /mine/setting/modifiIntro: up to 100 characters, counted as they are typed. */
export function ModifyIntroScreen() {
  const user = useAtomValue(sessionUserAtom)
  const { busy, failure, save } = useSaveProfile()
  const [intro, setIntro] = useState(user?.intro ?? '')
  const [problem, setProblem] = useState<string | null>(null)
  const id = useId()

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    const checked = introProblem(intro)
    setProblem(checked)
    if (!checked) void save({ intro: intro.trim() })
  }
  // Enter in the text area starts a new line; Ctrl/⌘+Enter submits, as Enter does in the other forms.
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) event.currentTarget.form?.requestSubmit()
  }

  const count = introLength(intro)
  return (
    <main className="page">
      <PageHeader title={t.pages.modifiIntro} />
      <form className="card account-form" noValidate onSubmit={handleSubmit}>
        <div className="field">
          <label className="field__label" htmlFor={id}>
            {t.account.intro}
          </label>
          <textarea
            id={id}
            className="field__input field__input--area"
            name="intro"
            rows={4}
            value={intro}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-count${problem ? ` ${id}-problem` : ''}`}
            onChange={(event) => setIntro(event.target.value)}
            onKeyDown={handleKeyDown}
          />
          <p id={`${id}-count`} className={count > INTRO_MAX ? 'field__count field__count--over' : 'field__count'}>
            {t.account.introCount(count)}
          </p>
          {problem ? (
            <p id={`${id}-problem`} className="field__problem">
              {problem}
            </p>
          ) : null}
        </div>
        <FormFailure message={failure} />
        <SubmitButton busy={busy} label={t.account.save} busyLabel={t.account.saving} />
      </form>
    </main>
  )
}
