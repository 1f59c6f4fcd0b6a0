import type { FastifyInstance } from 'fastify'
import { formatDate } from '../../../core/format/date.ts'
import { sendPlainStatus } from '../../errors.ts'
import { escapeHtml, ICON_LINK } from '../../html.ts'
import type { SandboxMessage, SmsGateway } from './sms-gateway.ts'

export const SANDBOX_SMS_PATH = '/sandbox/sms'
/** The page reloads itself this often: a meta refresh, since the CSP allows no inline script. */
const REFRESH_SECONDS = 5

function sandboxPage(messages: SandboxMessage[]): string {
  const rows = messages
    .map(
      (message) =>
        `<tr><td>${escapeHtml(message.mobile)}</td><td>${escapeHtml(message.text)}</td>` +
        `<td>${escapeHtml(formatDate(Math.floor(message.sentAt / 1000)))}</td></tr>`,
    )
    .join('\n')
  const body =
    messages.length === 0
      ? '<p>还没有短信。在应用里获取验证码后，它会出现在这里。</p>'
      : `<table><thead><tr><th>手机号</th><th>短信内容</th><th>发送时间</th></tr></thead>\n<tbody>\n${rows}\n</tbody></table>`
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
${ICON_LINK}
<meta http-equiv="refresh" content="${REFRESH_SECONDS}">
<title>短信沙箱 · Marquee</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 1rem; color: #222; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid #ddd; padding: 0.5rem; text-align: left; vertical-align: top; }
td:first-child, td:last-child { white-space: nowrap; font-variant-numeric: tabular-nums; }
</style></head>
<body><h1>短信沙箱</h1>
<p>开发用：短信不会真正发出，只保存在服务器内存中（最新的在前，每 ${REFRESH_SECONDS} 秒刷新）。</p>
${body}
</body></html>
`
}

/**
 * /sandbox/sms: the sandbox gateway's outbox, newest first, for logging in by phone in
 * development. Registered always, so it answers 404 with any other gateway rather than falling
 * through to the app.
 */
export function registerSandboxSmsPage(app: FastifyInstance, gateway: SmsGateway) {
  app.get(SANDBOX_SMS_PATH, (_request, reply) => {
    if (!gateway.outbox) return sendPlainStatus(reply, 404)
    return reply
      .header('Cache-Control', 'no-store')
      .header('X-Robots-Tag', 'noindex, nofollow')
      .type('text/html; charset=utf-8')
      .send(sandboxPage(gateway.outbox()))
  })
}
