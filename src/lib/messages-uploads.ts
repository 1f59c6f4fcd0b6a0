import { t as shell } from './messages-pages.ts'

/** The upload and avatar strings (see messages.ts for why they live here). */
const zhCN = {
  upload: {
    unsupported: '不支持的图片格式，请选择 JPG、PNG、WebP 或 GIF 图片',
    tooLarge: (megabytes: number) => `图片太大，请选择 ${megabytes} MB 以内的图片`,
    videoTooLarge: (megabytes: number) => `视频太大，请选择 ${megabytes} MB 以内的视频`,
    failed: '上传失败，请稍后重试',
    progress: '上传进度',
  },
  avatar: {
    current: '当前头像',
    pick: '选择图片',
    pickAgain: '重新选择',
    dropHint: '也可以把图片拖到这里',
    notImage: '请选择图片文件',
    unreadable: '无法读取这张图片，请换一张',
    cropArea: '裁剪区域：拖动或用方向键移动图片',
    zoom: '缩放',
    save: '保存头像',
    saving: '正在保存…',
    uploading: '正在上传…',
    saved: '头像已更新',
    failed: '头像保存失败',
    guestHint: '登录账号后才能设置头像',
  },
}

export const t = { ...shell, ...zhCN }
