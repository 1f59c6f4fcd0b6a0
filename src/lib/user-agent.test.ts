import { describe, expect, it } from 'vitest'
import { userAgentFields } from './user-agent.ts'

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36'
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const IPAD_DESKTOP_MODE =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68'

describe('userAgentFields', () => {
  it.each([
    [ANDROID_CHROME, 0, 'Android', 'h5_android', 'Chrome', '126.0.6478.71'],
    [IPHONE_SAFARI, 5, 'iOS', 'h5_ios', 'Safari', '17.5'],
    [IPAD_DESKTOP_MODE, 5, 'iOS', 'h5_ios', 'Safari', '17.5'],
    [IPAD_DESKTOP_MODE, 0, 'PC', 'h5_pc', 'Safari', '17.5'],
    [WINDOWS_EDGE, 0, 'PC', 'h5_pc', 'Edge', '126.0.2592.68'],
    ['curl/8', 0, 'PC', 'h5_pc', 'Unknown', '0'],
  ])('%s (touch points %i)', (ua, touch, devType, sysType, browser, version) => {
    expect(userAgentFields(ua, false, touch)).toEqual({ devType, sysType, browser, browserVersion: version })
  })

  it('reports SysType light whenever the light flag is stored', () => {
    expect(userAgentFields(ANDROID_CHROME, true).sysType).toBe('light')
    expect(userAgentFields(ANDROID_CHROME, true).devType).toBe('Android')
  })
})
