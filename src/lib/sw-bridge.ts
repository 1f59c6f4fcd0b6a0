/**
 * Registers the service worker after the page has loaded, with workbox-window loaded
 * lazily so it stays out of the first paint's JavaScript.
 */
export function registerServiceWorkerLater(onUpdateReady: (applyUpdate: () => void) => void): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  const start = () => {
    void import('workbox-window')
      .then(({ Workbox }) => {
        const wb = new Workbox('/sw.js', { scope: '/' })
        wb.addEventListener('waiting', () => {
          onUpdateReady(() => {
            wb.addEventListener('controlling', () => location.reload())
            wb.messageSkipWaiting()
          })
        })
        return wb.register()
      })
      .catch(() => {
        // No worker (private mode, unsupported): the app works online without it.
      })
  }
  if (document.readyState === 'complete') setTimeout(start, 0)
  else addEventListener('load', () => setTimeout(start, 0), { once: true })
}
