import { createRoute, type AnyRoute } from '@tanstack/react-router'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { UserInfo } from '../../../core/contracts/session.ts'
import { t } from '../../lib/messages-account.ts'
import { Refusal, renderRoutes, storeWithFakeApi, type Post } from '../../testing/app-kit.tsx'
import { TEST_DEVICE_ID, testUser, withSession } from '../../testing/session-kit.ts'
import { Toaster } from '../../ui/toast.tsx'
import { currentSessionAtom, sessionUserAtom, tokenAtom } from '../session/public.ts'
import { AccountScreen } from './account-screen.tsx'
import { BindPhoneScreen } from './bind-phone-screen.tsx'
import { ChangePhoneScreen } from './change-phone-screen.tsx'
import { LoginScreen } from './login-screen.tsx'
import { ModifyPasswordScreen } from './modify-password-screen.tsx'
import { ModifyIntroScreen, ModifyNameScreen } from './profile-screens.tsx'
import { RegisterScreen } from './register-screen.tsx'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const guest = testUser()
const member = testUser({ id: 7, isGuest: false, nickname: '小明', account: 'xiaoming', mobile: '13800138000' })
const login = (user: UserInfo, token = 'tok-account') => ({ ...user, token })

async function renderScreen(path: string, Screen: () => React.ReactNode, post: Post, user: UserInfo | null = guest) {
  const { store, post: postMock } = storeWithFakeApi(post)
  const session = await withSession(store, user)
  const page = (root: AnyRoute, at: string, component: () => React.ReactNode) =>
    createRoute({ getParentRoute: () => root, path: at, component })
  const router = renderRoutes(store, path, (root) => [
    page(root, path, () => (
      <>
        <Screen />
        <Toaster />
      </>
    )),
    ...[
      ['/mine/', 'Mine'],
      ['/mine/setting/accout/', 'Account'],
    ]
      .filter(([at]) => at !== path)
      .map(([at, text]) => page(root, at!, () => <p>{text}</p>)),
  ])
  await screen.findByRole('heading', { level: 1 })
  return { store, post: postMock, router, ...session }
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
const submit = (name: string) => fireEvent.click(screen.getByRole('button', { name }))
/** The problem shown under a field, tied to it by aria-describedby and marked aria-invalid. */
const problemOf = (label: string) => {
  const field = screen.getByLabelText(label)
  expect(field.getAttribute('aria-invalid'), label).toBe('true')
  const notes = field.getAttribute('aria-describedby')!.split(' ')
  return notes.map((id) => document.getElementById(id)!.textContent).join(' ')
}
/** An answer `post` gives once `settle` is called, so a test sees the screen while the call is out. */
function heldAnswer() {
  let settle: (value: unknown) => void = () => {}
  const answer = new Promise<unknown>((resolve) => (settle = resolve))
  return { answer, settle: (value: unknown) => settle(value) }
}
/** The submit button while its call is out: renamed, disabled and aria-busy. */
async function busyButton(name: string) {
  const busy = (await screen.findByRole('button', { name })) as HTMLButtonElement
  expect(busy.getAttribute('aria-busy')).toBe('true')
  expect(busy.disabled).toBe(true)
  return busy
}

describe('LoginScreen', () => {
  it('logs in by password with the device id, keeps the session and opens Mine in its place', async () => {
    const answer = login(member)
    const { store, post, router, stored } = await renderScreen('/mine/login', LoginScreen, async () => answer)
    type(t.account.account, ' xiaoming ')
    type(t.account.password, 'correct horse')
    submit(t.account.login)
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/mine\/?$/))
    expect(post).toHaveBeenCalledWith('login/account/login', {
      account: 'xiaoming',
      password: 'correct horse',
      devID: TEST_DEVICE_ID,
    })
    expect(store.get(tokenAtom)).toBe('tok-account')
    expect(store.get(sessionUserAtom)).toMatchObject({ account: 'xiaoming', isGuest: false })
    expect(await stored()).toMatchObject({ uuid: TEST_DEVICE_ID, token: 'tok-account' })
    // Replaced: back does not return to the login page.
    expect(router.history.length).toBe(1)
  })

  it.each([
    ['the server’s tip', '账号或密码错误', '账号或密码错误'],
    ['the fallback text without one', '', t.account.loginFailed],
  ])('shows %s when the password is wrong, and stays', async (_case, tip, message) => {
    const { store, router } = await renderScreen('/mine/login', LoginScreen, async () => new Refusal(7021, tip))
    type(t.account.account, 'xiaoming')
    type(t.account.password, 'wrong password')
    submit(t.account.login)
    expect(await screen.findByText(message)).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe(message)
    expect(store.get(tokenAtom)).toBe('tok-1')
    expect(router.state.location.pathname).toBe('/mine/login')
  })

  it('says what is missing before any call', async () => {
    const { post } = await renderScreen('/mine/login', LoginScreen, async () => login(member))
    submit(t.account.login)
    const account = screen.getByLabelText(t.account.account)
    expect(account.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(account.getAttribute('aria-describedby')!)!.textContent).toBe(
      t.account.invalid.accountRequired,
    )
    expect(screen.getByText(t.account.invalid.passwordRequired)).toBeTruthy()
    expect(post).not.toHaveBeenCalled()
  })

  it('sends a phone code, counts down to the resend, and logs in with it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    const answer = login(testUser({ isGuest: false, mobile: '13800138000' }), 'tok-phone')
    const { store, post, router } = await renderScreen('/mine/login', LoginScreen, async (name) =>
      name === 'login/captcha' ? { resendAfter: 60 } : answer,
    )
    fireEvent.click(screen.getByRole('button', { name: t.account.byPhone }))
    type(t.account.mobile, '12345')
    submit(t.account.sendCode)
    expect(screen.getByText(t.account.invalid.mobile)).toBeTruthy()
    expect(post).not.toHaveBeenCalled()

    type(t.account.mobile, '+86 138-0013-8000')
    submit(t.account.sendCode)
    const resend = await screen.findByRole('button', { name: t.account.resendIn(60) })
    expect(post).toHaveBeenCalledWith('login/captcha', { mobile: '13800138000', purpose: 'login' })
    expect((resend as HTMLButtonElement).disabled).toBe(true)
    act(() => vi.advanceTimersByTime(1000))
    expect(screen.getByRole('button', { name: t.account.resendIn(59) })).toBeTruthy()
    act(() => vi.advanceTimersByTime(59_000))
    expect((screen.getByRole('button', { name: t.account.sendCode }) as HTMLButtonElement).disabled).toBe(false)

    type(t.account.code, '12345')
    submit(t.account.login)
    expect(screen.getByText(t.account.invalid.code)).toBeTruthy()
    type(t.account.code, '123456')
    submit(t.account.login)
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/mine\/?$/))
    expect(post).toHaveBeenLastCalledWith('login/phone', {
      mobile: '13800138000',
      code: '123456',
      devID: TEST_DEVICE_ID,
    })
    expect(store.get(tokenAtom)).toBe('tok-phone')
  })

  it('logs in with a pasted credential; a refusal without a tip says 登录失败', async () => {
    const credential = `MQC1-${'a'.repeat(43)}`
    const { post } = await renderScreen('/mine/login', LoginScreen, async () => new Refusal(7026))
    fireEvent.click(screen.getByRole('button', { name: t.account.byCredential }))
    expect(screen.getByRole('link', { name: t.account.scanCredential }).getAttribute('href')).toBe(
      '/mine/setting/accoutCodeCamera',
    )
    type(t.account.credential, `  ${credential}\n`)
    submit(t.account.login)
    expect(await screen.findByText(t.account.phoneOrCardLoginFailed)).toBeTruthy()
    expect(post).toHaveBeenCalledWith('login/official', { credential, devID: TEST_DEVICE_ID })
  })

  it('keeps the button busy while the call is out, and a 4290 shows its tip', async () => {
    let refuse: (value: unknown) => void = () => {}
    await renderScreen('/mine/login', LoginScreen, () => new Promise((resolve) => (refuse = resolve)))
    type(t.account.account, 'xiaoming')
    type(t.account.password, 'whatever1')
    submit(t.account.login)
    const busy = await screen.findByRole('button', { name: t.account.loggingIn })
    expect(busy.getAttribute('aria-busy')).toBe('true')
    expect((busy as HTMLButtonElement).disabled).toBe(true)
    refuse(new Refusal(4290, '尝试次数过多，请5分钟后再试'))
    expect(await screen.findByText('尝试次数过多，请5分钟后再试')).toBeTruthy()
  })
})

describe('RegisterScreen', () => {
  it('checks the account, the password and its confirmation before any call', async () => {
    const { post } = await renderScreen('/mine/originalRegister', RegisterScreen, async () => login(member))
    type(t.account.account, 'ab')
    type(t.account.password, 'short')
    type(t.account.confirmPassword, 'other')
    submit(t.account.register)
    expect(screen.getByText(t.account.invalid.account)).toBeTruthy()
    expect(screen.getByText(t.account.invalid.password)).toBeTruthy()
    expect(screen.getByText(t.account.invalid.mismatch)).toBeTruthy()
    expect(post).not.toHaveBeenCalled()
  })

  it('registers the guest and opens Mine as the account', async () => {
    const answer = login(testUser({ isGuest: false, account: 'new_user' }), 'tok-new')
    const { store, post, router } = await renderScreen('/mine/originalRegister', RegisterScreen, async () => answer)
    type(t.account.account, 'new_user')
    type(t.account.password, 'a good password')
    type(t.account.confirmPassword, 'a good password')
    submit(t.account.register)
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/mine\/?$/))
    expect(post).toHaveBeenCalledWith('login/account/register', {
      account: 'new_user',
      password: 'a good password',
      devID: TEST_DEVICE_ID,
    })
    expect(store.get(sessionUserAtom)).toMatchObject({ id: guest.id, account: 'new_user', isGuest: false })
  })

  it('shows the server’s tip for a taken account', async () => {
    await renderScreen('/mine/originalRegister', RegisterScreen, async () => new Refusal(7020, '该账号已被注册'))
    type(t.account.account, 'taken')
    type(t.account.password, 'a good password')
    type(t.account.confirmPassword, 'a good password')
    submit(t.account.register)
    expect(await screen.findByText('该账号已被注册')).toBeTruthy()
  })
})

describe('BindPhoneScreen', () => {
  it('sends a bind code and binds the number, the answer becoming the session', async () => {
    const answer = login(testUser({ isGuest: false, mobile: '13800138000' }), 'tok-bound')
    const { store, post, router } = await renderScreen('/mine/setting/bindPhone', BindPhoneScreen, async (name) =>
      name === 'login/captcha' ? { resendAfter: 60 } : answer,
    )
    type(t.account.mobile, '138 0013 8000')
    submit(t.account.sendCode)
    await screen.findByRole('button', { name: t.account.resendIn(60) })
    expect(post).toHaveBeenCalledWith('login/captcha', { mobile: '13800138000', purpose: 'bind' })
    type(t.account.code, '654321')
    submit(t.account.bind)
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/mine\/setting\/accout\/?$/))
    expect(post).toHaveBeenLastCalledWith('login/bindMobile', { mobile: '13800138000', code: '654321' })
    expect(store.get(tokenAtom)).toBe('tok-bound')
    expect(store.get(sessionUserAtom)?.mobile).toBe('13800138000')
  })

  it('says 绑定手机号失败 when the server gives no tip', async () => {
    await renderScreen('/mine/setting/bindPhone', BindPhoneScreen, async () => new Refusal(7023))
    type(t.account.mobile, '13800138000')
    type(t.account.code, '654321')
    submit(t.account.bind)
    expect(await screen.findByText(t.account.bindFailed)).toBeTruthy()
  })
})

describe('AccountScreen', () => {
  const devices = {
    list: [
      { id: 1, device: 'Android · Chrome 131', createdAt: 1, lastSeenAt: 1_000_000 - 120, current: true },
      { id: 2, device: 'iOS · Safari 18', createdAt: 1, lastSeenAt: 1_000_000 - 3 * 86_400, current: false },
    ],
  }
  const now = () => 1_000_000 * 1000
  const Screen = () => <AccountScreen now={now} />

  it('asks a guest to log in or register', async () => {
    const { post } = await renderScreen('/mine/setting/accout/', Screen, async () => devices, guest)
    expect(screen.getByRole('link', { name: t.account.loginOrRegister }).getAttribute('href')).toBe('/mine/login')
    expect(post).not.toHaveBeenCalled()
  })

  it('shows the account, the masked number and the devices, and removes one after a confirmation', async () => {
    const { post } = await renderScreen(
      '/mine/setting/accout/',
      Screen,
      async (name) => (name === 'user/sessions' ? devices : null),
      member,
    )
    expect(screen.getByText('xiaoming')).toBeTruthy()
    expect(screen.getByText('138****8000')).toBeTruthy()
    expect(await screen.findByText('Android · Chrome 131')).toBeTruthy()
    expect(screen.getByText(t.account.thisDevice)).toBeTruthy()
    expect(screen.getByText(t.account.lastSeen('2分钟前'))).toBeTruthy()
    expect(screen.queryByRole('button', { name: `${t.account.revoke} Android · Chrome 131` })).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: `${t.account.revoke} iOS · Safari 18` }))
    const dialog = screen.getByRole('alertdialog', { name: t.account.revokeTitle })
    fireEvent.click(within(dialog).getByRole('button', { name: t.account.revoke }))
    await waitFor(() => expect(screen.queryByText('iOS · Safari 18')).toBeNull())
    expect(post).toHaveBeenCalledWith('user/sessions/revoke', { id: 2 })
  })

  it('logs out only after the confirmation: the token and user are forgotten, here and stored, then it reloads', async () => {
    const reload = vi.fn()
    vi.stubGlobal('location', { ...location, reload })
    try {
      const { store, post, stored } = await renderScreen(
        '/mine/setting/accout/',
        Screen,
        async (name) => (name === 'user/sessions' ? devices : null),
        member,
      )
      fireEvent.click(screen.getByRole('button', { name: t.account.logout }))
      const dialog = screen.getByRole('alertdialog', { name: t.account.logoutTitle })
      fireEvent.click(within(dialog).getByRole('button', { name: t.account.cancel }))
      expect(screen.queryByRole('alertdialog')).toBeNull()
      expect(post).not.toHaveBeenCalledWith('user/logout', expect.anything())

      fireEvent.click(screen.getByRole('button', { name: t.account.logout }))
      fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: t.account.logout }))
      await waitFor(() => expect(reload).toHaveBeenCalledOnce())
      expect(post).toHaveBeenCalledWith('user/logout', {})
      expect(store.get(currentSessionAtom)).toBeNull()
      expect(await stored()).toEqual({
        uuid: TEST_DEVICE_ID,
        token: '',
        channel: { pc: '', dc: '', isLight: false },
        user: null,
      })
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('ModifyPasswordScreen', () => {
  it('asks a guest to log in or register', async () => {
    await renderScreen('/mine/setting/modifyPassword', ModifyPasswordScreen, async () => null, guest)
    expect(screen.getByText(t.account.guestTitle)).toBeTruthy()
    expect(screen.queryByLabelText(t.account.oldPassword)).toBeNull()
  })

  it('changes the password and says other devices were signed out', async () => {
    const { post } = await renderScreen('/mine/setting/modifyPassword', ModifyPasswordScreen, async () => null, member)
    type(t.account.oldPassword, 'old password')
    type(t.account.newPassword, 'new password')
    type(t.account.confirmPassword, 'new passw0rd')
    submit(t.account.save)
    expect(screen.getByText(t.account.invalid.mismatch)).toBeTruthy()
    type(t.account.confirmPassword, 'new password')
    submit(t.account.save)
    expect(await screen.findByText(t.account.passwordChanged)).toBeTruthy()
    expect(post).toHaveBeenCalledWith('user/changePassword', {
      oldPassword: 'old password',
      newPassword: 'new password',
    })
  })
})

describe('ModifyNameScreen', () => {
  it('checks the nickname before any call', async () => {
    const { post } = await renderScreen('/mine/setting/modifyname', ModifyNameScreen, async () => member, member)
    expect((screen.getByLabelText(t.account.nickname) as HTMLInputElement).value).toBe('小明')
    for (const nickname of ['', '  明  ', '名'.repeat(17)]) {
      type(t.account.nickname, nickname)
      submit(t.account.save)
      expect(problemOf(t.account.nickname)).toBe(t.account.invalid.nickname)
    }
    expect(post).not.toHaveBeenCalled()
  })

  it('saves the trimmed nickname, the answer becoming the session’s user', async () => {
    const renamed = { ...member, nickname: '小明同学' }
    const { store, post, stored } = await renderScreen(
      '/mine/setting/modifyname',
      ModifyNameScreen,
      async () => renamed,
      member,
    )
    type(t.account.nickname, '  小明同学  ')
    submit(t.account.save)
    expect(await screen.findByText(t.account.saved)).toBeTruthy()
    expect(post).toHaveBeenCalledExactlyOnceWith('user/info/modify', { nickname: '小明同学' })
    expect(store.get(sessionUserAtom)?.nickname).toBe('小明同学')
    expect((await stored())?.user?.nickname).toBe('小明同学')
  })

  it('keeps the button busy while the call is out, then shows the server’s tip and keeps the name', async () => {
    const held = heldAnswer()
    const { store, post } = await renderScreen('/mine/setting/modifyname', ModifyNameScreen, () => held.answer, member)
    type(t.account.nickname, '小红')
    submit(t.account.save)
    const busy = await busyButton(t.account.saving)
    // A second press while the call is out sends nothing more.
    fireEvent.click(busy)
    expect(post).toHaveBeenCalledOnce()
    held.settle(new Refusal(4000, '昵称含有不允许的内容'))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('昵称含有不允许的内容'))
    expect((screen.getByRole('button', { name: t.account.save }) as HTMLButtonElement).disabled).toBe(false)
    expect(store.get(sessionUserAtom)?.nickname).toBe('小明')
  })
})

describe('ModifyIntroScreen', () => {
  const withIntro = { ...member, intro: '你好' }

  it('counts the trimmed intro as it is typed and refuses more than 100 characters before any call', async () => {
    const { post } = await renderScreen(
      '/mine/setting/modifiIntro',
      ModifyIntroScreen,
      async () => withIntro,
      withIntro,
    )
    expect(screen.getByText(t.account.introCount(2))).toBeTruthy()
    type(t.account.intro, `  ${'字'.repeat(101)}  `)
    expect(screen.getByText(t.account.introCount(101))).toBeTruthy()
    submit(t.account.save)
    expect(problemOf(t.account.intro)).toBe(`${t.account.introCount(101)} ${t.account.invalid.intro}`)
    expect(post).not.toHaveBeenCalled()
  })

  it('saves the trimmed intro with the button or Ctrl+Enter, the answer becoming the session’s user', async () => {
    const { store, post } = await renderScreen(
      '/mine/setting/modifiIntro',
      ModifyIntroScreen,
      async (_name, body) => ({ ...withIntro, intro: body.intro as string }),
      withIntro,
    )
    type(t.account.intro, '\n  喜欢看电影\n第二行  \n')
    submit(t.account.save)
    expect(await screen.findByText(t.account.saved)).toBeTruthy()
    expect(post).toHaveBeenCalledExactlyOnceWith('user/info/modify', { intro: '喜欢看电影\n第二行' })
    expect(store.get(sessionUserAtom)?.intro).toBe('喜欢看电影\n第二行')

    type(t.account.intro, ' 只看纪录片 ')
    fireEvent.keyDown(screen.getByLabelText(t.account.intro), { key: 'Enter', ctrlKey: true })
    await waitFor(() => expect(post).toHaveBeenLastCalledWith('user/info/modify', { intro: '只看纪录片' }))
  })

  it('keeps the button busy while the call is out, then shows the server’s tip', async () => {
    const held = heldAnswer()
    await renderScreen('/mine/setting/modifiIntro', ModifyIntroScreen, () => held.answer, withIntro)
    type(t.account.intro, '新的简介')
    submit(t.account.save)
    await busyButton(t.account.saving)
    held.settle(new Refusal(7050, '账号已被禁言'))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('账号已被禁言'))
    expect(screen.getByRole('button', { name: t.account.save })).toBeTruthy()
  })
})

describe('ChangePhoneScreen', () => {
  it('asks a guest to log in, and an account without a number to bind one', async () => {
    await renderScreen('/mine/setting/phone', ChangePhoneScreen, async () => null, guest)
    expect(screen.getByText(t.account.guestTitle)).toBeTruthy()
    cleanup()
    await renderScreen('/mine/setting/phone', ChangePhoneScreen, async () => null, { ...member, mobile: '' })
    expect(screen.getByText(t.account.unbound)).toBeTruthy()
    expect(screen.getByRole('link', { name: t.account.bind }).getAttribute('href')).toBe('/mine/setting/bindPhone')
  })

  it('checks both codes and the new number before any call', async () => {
    const { post } = await renderScreen('/mine/setting/phone', ChangePhoneScreen, async () => member, member)
    expect(screen.getByText(t.account.changeStepOld('138****8000'))).toBeTruthy()
    submit(t.account.next)
    expect(problemOf(t.account.code)).toBe(t.account.invalid.code)
    type(t.account.code, '12345')
    submit(t.account.next)
    expect(problemOf(t.account.code)).toBe(t.account.invalid.code)

    type(t.account.code, '111111')
    submit(t.account.next)
    expect(screen.getByText(t.account.changeStepNew)).toBeTruthy()
    type(t.account.mobile, '1380013')
    submit(t.account.sendCode)
    expect(problemOf(t.account.mobile)).toBe(t.account.invalid.mobile)
    submit(t.account.save)
    expect(problemOf(t.account.mobile)).toBe(t.account.invalid.mobile)
    expect(problemOf(t.account.code)).toBe(t.account.invalid.code)
    expect(post).not.toHaveBeenCalled()
  })

  it('sends a code to each number and changes it with trimmed values, the answer becoming the session’s user', async () => {
    const changed = { ...member, mobile: '13900139000' }
    const { store, post, router } = await renderScreen(
      '/mine/setting/phone',
      ChangePhoneScreen,
      async (name) => (name === 'login/captcha' ? { resendAfter: 60 } : changed),
      member,
    )
    submit(t.account.sendCode)
    await screen.findByRole('button', { name: t.account.resendIn(60) })
    expect(post).toHaveBeenLastCalledWith('login/captcha', { mobile: '13800138000', purpose: 'changeOld' })
    type(t.account.code, ' 111111 ')
    submit(t.account.next)

    type(t.account.mobile, ' +86 139-0013-9000 ')
    submit(t.account.sendCode)
    await screen.findByRole('button', { name: t.account.resendIn(60) })
    expect(post).toHaveBeenLastCalledWith('login/captcha', { mobile: '13900139000', purpose: 'changeNew' })
    type(t.account.code, '222222 ')
    submit(t.account.save)
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/mine\/setting\/accout\/?$/))
    expect(post).toHaveBeenLastCalledWith('user/changeMobile', {
      oldCode: '111111',
      mobile: '13900139000',
      code: '222222',
    })
    expect(store.get(sessionUserAtom)?.mobile).toBe('13900139000')
  })

  it('keeps the button busy while the call is out, then shows the server’s tip and stays', async () => {
    const held = heldAnswer()
    const { store, router } = await renderScreen('/mine/setting/phone', ChangePhoneScreen, () => held.answer, member)
    type(t.account.code, '111111')
    submit(t.account.next)
    type(t.account.mobile, '13900139000')
    type(t.account.code, '222222')
    submit(t.account.save)
    await busyButton(t.account.saving)
    held.settle(new Refusal(7023, '验证码错误或已过期'))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('验证码错误或已过期'))
    expect(router.state.location.pathname).toBe('/mine/setting/phone')
    expect(store.get(sessionUserAtom)?.mobile).toBe('13800138000')
  })
})
