import { t as shell } from './messages-pages.ts'

/** The install, settings strings (see messages.ts for why they live here). */
const zhCN = {
  install: {
    action: '安装到主屏幕',
    hint: '像应用一样从主屏幕打开，离线也能浏览看过的内容',
    accepted: '已添加到主屏幕',
    dismissed: '已取消安装',
    iosTitle: '添加到主屏幕',
    iosSteps: ['点击浏览器工具栏中的“分享”按钮', '在菜单中选择“添加到主屏幕”', '点击右上角的“添加”'],
    close: '知道了',
  },
  settings: {
    storage: '存储空间',
    storageUsed: (used: string, quota: string) => `已使用 ${used}，可用 ${quota}`,
    storageUnknown: '无法获取存储用量',
    clearCache: '清除图片缓存',
    clearConfirmTitle: '清除图片缓存？',
    clearConfirmText: '已缓存的图片将被删除，离线时将无法显示，联网后会重新下载。登录状态不受影响。',
    clearConfirm: '清除',
    cancel: '取消',
    clearing: '正在清除…',
    cleared: '图片缓存已清除',
    clearFailed: '清除失败，请稍后重试',
    version: '版本',
    account: '账号与安全',
    support: '帮助与客服',
  },
}

export const t = { ...shell, ...zhCN }
