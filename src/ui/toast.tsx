import { atom, useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'

interface Toast {
  id: number
  message: string
}

const toastsAtom = atom<Toast[]>([])
let nextId = 1

export const showToastAtom = atom(null, (get, set, message: string) => {
  set(toastsAtom, [...get(toastsAtom), { id: nextId++, message }])
})

const dismissToastAtom = atom(null, (get, set, id: number) => {
  set(
    toastsAtom,
    get(toastsAtom).filter((toast) => toast.id !== id),
  )
})

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useSetAtom(dismissToastAtom)
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), 3000)
    return () => clearTimeout(timer)
  }, [dismiss, toast.id])
  return <div className="toast">{toast.message}</div>
}

/** Short messages, announced politely to screen readers. */
export function Toaster() {
  const toasts = useAtomValue(toastsAtom)
  return (
    <div className="toaster" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  )
}
