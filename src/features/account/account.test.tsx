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
import { LoginScreen } from './login-screen.tsx'
import { ModifyPasswordScreen } from './modify-password-screen.tsx'
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
