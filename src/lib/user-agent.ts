import { DevType, SysType, type UserAgentFields } from '../../core/protocol/sign.ts'

const BROWSERS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
  ['Opera', /OPR\/([\d.]+)/],
  ['SamsungBrowser', /SamsungBrowser\/([\d.]+)/],
  ['UCBrowser', /UCBrowser\/([\d.]+)/],
  ['WeChat', /MicroMessenger\/([\d.]+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Chrome', /(?:Chrome|CriOS)\/([\d.]+)/],
  ['Safari', /Version\/([\d.]+).*Safari/],
]

/** The X-User-Agent fields for a browser (docs/protocol.md); `light` overrides the system type. */
export function userAgentFields(userAgent: string, light: boolean, maxTouchPoints = 0): UserAgentFields {
  const isIos = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
  const devType = /Android/i.test(userAgent) ? DevType.Android : isIos ? DevType.iOS : DevType.PC
  const platformSysType =
    devType === DevType.Android ? SysType.Android : devType === DevType.iOS ? SysType.iOS : SysType.PC
  let browser = 'Unknown'
  let browserVersion = '0'
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(userAgent)
    if (match) {
      browser = name
      browserVersion = match[1]!
      break
    }
  }
  return { devType, sysType: light ? SysType.Light : platformSysType, browser, browserVersion }
}
