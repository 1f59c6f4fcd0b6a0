import { Link } from '@tanstack/react-router'
import { t } from '../../lib/messages-welfare.ts'

/**
 * Where the points would be when there is no user (the session did not start): the way to log in,
 * and 重试, which starts the app again and with it a new session.
 */
export function SignedOut({ message, reload = () => location.reload() }: { message: string; reload?: () => void }) {
  return (
    <section className="card">
      <div className="error-state" role="alert">
        <p className="error-state__message">{message}</p>
        <div className="welfare-signed-out__actions">
          <Link to="/mine/login" className="button">
            {t.signedOut.login}
          </Link>
          <button type="button" className="button button--ghost" onClick={reload}>
            {t.common.retry}
          </button>
        </div>
      </div>
    </section>
  )
}
