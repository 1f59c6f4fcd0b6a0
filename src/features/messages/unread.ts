import { atom } from 'jotai/vanilla'

/**
 * Unread messages of every type together, as message/latest last said (0 until it has): the badge
 * on 我的 and on Mine's 消息. Kept apart from the call (unread-refresh.ts, loaded after the first
 * render) so the tab bar's share of the first visit is these few lines.
 */
const unreadTotalStore = atom(0)

export const unreadTotalAtom = atom((get) => get(unreadTotalStore))
export const setUnreadTotalAtom = atom(null, (_get, set, total: number) => set(unreadTotalStore, Math.max(0, total)))
