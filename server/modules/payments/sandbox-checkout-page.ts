import type { FastifyInstance } from 'fastify'
import { formatPrice } from '../../../core/format/money.ts'
import { sendPlainStatus } from '../../errors.ts'
import { escapeHtml, ICON_LINK } from '../../html.ts'
import { orderReturnPath } from './orders.ts'
import type { PaymentProvider } from './provider.ts'
import {
  isSandboxProvider,
  SANDBOX_PAY_PATH,
  SandboxState,
  type SandboxCheckout,
  type SandboxOutcome,
} from './sandbox-provider.ts'

/** The form's two buttons send `outcome=paid` or `outcome=failed`; nothing else is read. */
const FORM_BODY_LIMIT = 256

const SETTLED_TEXT: Record<string, string> = {
  [SandboxState.Paid]: '已支付',
  [SandboxState.Failed]: '支付失败',
}

function checkoutPage(checkout: SandboxCheckout): string {
  const action = escapeHtml(`${SANDBOX_PAY_PATH}${checkout.checkoutId}`)
  const settled = SETTLED_TEXT[checkout.state]
  const controls = settled
    ? `<p class="settled">${settled}</p>\n<p><a class="back" href="${escapeHtml(orderReturnPath(checkout.orderNo))}">返回订单</a></p>`
    : `<form method="post" action="${action}">
<button class="pay" name="outcome" value="${SandboxState.Paid}">确认支付</button>
<button class="fail" name="outcome" value="${SandboxState.Failed}">支付失败</button>
</form>`
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
${ICON_LINK}
<title>沙箱收银台 · Marquee</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f4f4f5; color: #222; }
main { max-width: 28rem; margin: 0 auto; padding: 1.5rem 1rem; }
h1 { font-size: 1.25rem; margin: 0 0 0.25rem; }
.note { color: #777; font-size: 0.875rem; margin: 0 0 1rem; }
dl { background: #fff; border-radius: 0.75rem; padding: 1rem; margin: 0 0 1.5rem; }
dt { color: #777; font-size: 0.875rem; }
dd { margin: 0 0 0.75rem; word-break: break-all; }
dd:last-child { margin-bottom: 0; }
.amount { font-size: 2rem; font-weight: 600; font-variant-numeric: tabular-nums; }
form { display: grid; gap: 0.75rem; }
button, .back { display: block; width: 100%; box-sizing: border-box; padding: 0.875rem; border: 0; border-radius: 0.75rem;
  font: inherit; font-weight: 600; text-align: center; text-decoration: none; cursor: pointer; }
.pay, .back { background: #ff5a5f; color: #fff; }
.fail { background: #fff; color: #444; border: 1px solid #ccc; }
.settled { font-size: 1.25rem; font-weight: 600; text-align: center; }
</style></head>
<body><main>
<h1>沙箱收银台</h1>
<p class="note">开发用：不会真正扣款。选择结果后，沙箱会像真实支付平台一样通知服务器。</p>
<dl>
<dt>商品</dt><dd>${escapeHtml(checkout.subject)}</dd>
<dt>金额</dt><dd class="amount">${escapeHtml(formatPrice(checkout.amount))}</dd>
<dt>订单号</dt><dd>${escapeHtml(checkout.orderNo)}</dd>
</dl>
${controls}
</main></body></html>
`
}

/**
 * `/sandbox/pay/<checkoutId>`: the sandbox provider's checkout. GET shows the item, amount and
 * order number with 确认支付 and 支付失败; the form POSTs to the same path, which settles the
 * checkout once, sends the signed notification to this server and sends the browser back to
 * the order page with a 303 (a reload of that page does not post again). Server-rendered, no
 * script, so the app's CSP holds (`form-action 'self'` allows the post). Registered always,
 * so it answers 404 with any other provider rather than falling through to the app.
 */
export function registerSandboxCheckoutPage(app: FastifyInstance, provider: PaymentProvider) {
  const sandbox = isSandboxProvider(provider) ? provider : null
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    )

    scope.get<{ Params: { checkoutId: string } }>(`${SANDBOX_PAY_PATH}:checkoutId`, async (request, reply) => {
      const checkout = await sandbox?.checkout(request.params.checkoutId)
      if (!checkout) return sendPlainStatus(reply, 404)
      return reply
        .header('Cache-Control', 'no-store')
        .header('X-Robots-Tag', 'noindex, nofollow')
        .type('text/html; charset=utf-8')
        .send(checkoutPage(checkout))
    })

    scope.post<{ Params: { checkoutId: string } }>(`${SANDBOX_PAY_PATH}:checkoutId`, async (request, reply) => {
      if (!sandbox) return sendPlainStatus(reply, 404)
      const outcome = (request.body as Record<string, unknown> | undefined)?.outcome
      if (outcome !== SandboxState.Paid && outcome !== SandboxState.Failed) return sendPlainStatus(reply, 400)
      const settled = await sandbox.settle(request.params.checkoutId, outcome as SandboxOutcome)
      if (!settled) return sendPlainStatus(reply, 404)
      return reply.header('Cache-Control', 'no-store').redirect(orderReturnPath(settled.checkout.orderNo), 303)
    })
  })
}
