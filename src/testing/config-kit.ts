import type { AppConfig } from '../../core/contracts/config.ts'
import { setConfigAtom } from '../features/session/atoms.ts'
import type { AppStore } from '../lib/store.ts'

/** Test kit for screens that read `ping/config`: a whole config with what the test names. */
export function testConfig(patch: Partial<AppConfig> = {}): AppConfig {
  return {
    communityCategory: [],
    floatingWindow: null,
    domain: [],
    adsType: [],
    statConfigApp: { list: [], nineList: [] },
    announcement: null,
    advertise: [],
    version: '1.0.0',
    encryption: { request: true, http: true, m3u8: false },
    ...patch,
  }
}

/** Gives `store` that config, as the start leaves it after `ping/config`. */
export function withConfig(store: AppStore, patch: Partial<AppConfig> = {}): AppConfig {
  const config = testConfig(patch)
  store.set(setConfigAtom, config)
  return config
}
