import { useEffect, useState } from 'react'
import { t } from '../../lib/messages-support.ts'

/** A link drawn as a QR code (SVG, so it stays sharp); the library loads with the first code shown. */
export function QrImage({ text, label }: { text: string; label: string }) {
  const [drawn, setDrawn] = useState<{ text: string; src: string | null } | null>(null)
  useEffect(() => {
    let current = true
    import('./qr-svg.ts')
      .then(({ qrSvg }) => qrSvg(text))
      .then(
        (svg) => current && setDrawn({ text, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }),
        () => current && setDrawn({ text, src: null }),
      )
    return () => {
      current = false
    }
  }, [text])
  if (drawn?.text !== text) return <div className="support__qr support__qr--loading" role="status" aria-label={label} />
  if (drawn.src === null) return <p className="support__error">{t.support.qrFailed}</p>
  return <img className="support__qr" src={drawn.src} alt={label} width={160} height={160} />
}
