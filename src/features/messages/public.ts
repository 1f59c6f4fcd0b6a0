/**
 * What other features use of the message centre: the unread count the tab bar and Mine show as
 * badges (and, for their tests, the way to set it).
 */
export { setUnreadTotalAtom, unreadTotalAtom } from './unread.ts'
