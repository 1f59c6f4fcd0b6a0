import { t as shell } from './messages-pages.ts'

/** The credential card and scanning strings (see messages.ts for why they live here). */
const zhCN = {
  credentials: {
    intro: '凭证卡可以在换手机、清除浏览器数据后找回你的账号。',
    secret: '凭证卡等同于账号密码，请不要发给任何人。',
    generate: '生成凭证',
    generating: '正在生成…',
    save: '保存图片',
    saved: '凭证卡已保存',
    regenerate: '重新生成',
    regenerateTitle: '重新生成凭证？',
    regenerateBody: '旧的凭证卡会立即失效，之前保存的旧图片将不能再用来恢复账号。',
    regenerateConfirm: '确认重新生成',
    cancel: '取消',
    elsewhere:
      '你之前已生成过凭证，但这台设备上没有保存它；为了安全，服务器不会再次显示。如果找不到之前保存的凭证卡，可以重新生成一张。',
    cardHint: '请妥善保存，凭此卡可在其他设备恢复账号',
    cardId: (id: number) => `ID：${id}`,
    cardLabel: (id: number, nickname: string) => `账号凭证卡：ID ${id}，${nickname}`,
    fileName: (id: number) => `marquee-credential-${id}.png`,
    failed: '生成凭证失败',
    saveFailed: '保存图片失败，请截图保存',
  },
  scan: {
    cameraTitle: '扫描凭证',
    imageTitle: '选择凭证图片',
    cameraLabel: '摄像头画面：将凭证卡上的二维码对准画面中央',
    starting: '正在打开摄像头…',
    scanning: '请将凭证卡上的二维码对准画面中央',
    denied: '没有摄像头权限。你可以在浏览器设置中允许使用摄像头，或者选择一张凭证卡图片。',
    unavailable: '这台设备或浏览器无法使用摄像头，请选择一张凭证卡图片。',
    pickImage: '选择凭证卡图片',
    pickHint: '选择保存的凭证卡图片或截图，我们会在本机识别其中的二维码。',
    useCamera: '用摄像头扫描',
    reading: '正在识别…',
    signingIn: '正在登录…',
    noCode: '没有在图片中找到二维码，请换一张清晰的图片',
    notCredential: '这不是 Marquee 的账号凭证',
    loginFailed: '登录失败',
    loggedIn: '登录成功',
  },
}

export const t = { ...shell, ...zhCN }
