import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useState } from 'react'
import { unlockAtom, type PlayAtoms } from './atoms.ts'

/**
 * One video's play wiring, for its own page and for a collection's episode alike: the play info
 * loaded on mount, progress reports, and the unlock sheet, after whose purchase the play info is
 * loaded again (fresh lines and play tokens).
 */
export function usePlayVideo(atoms: PlayAtoms) {
  const state = useAtomValue(atoms.stateAtom)
  const load = useSetAtom(atoms.loadAtom)
  const report = useSetAtom(atoms.reportAtom)
  const unlock = useSetAtom(unlockAtom)
  const [sheetOpen, setSheetOpen] = useState(false)

  useEffect(() => {
    void load()
  }, [load])

  return {
    state,
    reload: () => void load(),
    report,
    sheetOpen,
    openSheet: () => setSheetOpen(true),
    closeSheet: () => setSheetOpen(false),
    unlock,
    handleUnlocked: () => {
      setSheetOpen(false)
      void load()
    },
  }
}
