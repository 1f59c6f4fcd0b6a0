import { atom } from 'jotai'
import { followAtom, likePostAtom } from './api.ts'

/** A like given or taken back on this device since the post's answer came. */
export interface PostMark {
  liked: boolean
  likeCount: number
}

// Marks shared by every screen, so a like given on a post's page shows on its card in the kept
// feed, and following a creator on one page shows on the others without asking again.
const postMarksAtom = atom<ReadonlyMap<number, PostMark>>(new Map())
const followMarksAtom = atom<ReadonlyMap<number, boolean>>(new Map())
const busyAtom = atom<ReadonlySet<string>>(new Set<string>())

export const postMarksViewAtom = atom((get) => get(postMarksAtom))
export const followMarksViewAtom = atom((get) => get(followMarksAtom))

/** The post with the marks given here since it was fetched. */
export function withMark<P extends { id: number; liked: boolean; likeCount: number }>(
  post: P,
  marks: ReadonlyMap<number, PostMark>,
): P {
  const mark = marks.get(post.id)
  return mark ? { ...post, ...mark } : post
}

function withEntry<K, V>(map: ReadonlyMap<K, V>, key: K, value: V): ReadonlyMap<K, V> {
  return new Map(map).set(key, value)
}

/**
 * Likes or unlikes a post at once; the server's counts replace the guess when it answers, and
 * the mark goes back if the call fails (the action rejects, so the screen can say so). A second
 * tap while one is under way is ignored.
 */
export const togglePostLikeAtom = atom(null, async (get, set, post: PostMark & { id: number }) => {
  const busyKey = `like:${post.id}`
  if (get(busyAtom).has(busyKey)) return
  const before = withMark(post, get(postMarksAtom))
  const like = !before.liked
  set(busyAtom, new Set(get(busyAtom)).add(busyKey))
  set(
    postMarksAtom,
    withEntry(get(postMarksAtom), post.id, { liked: like, likeCount: Math.max(0, before.likeCount + (like ? 1 : -1)) }),
  )
  try {
    const result = await set(likePostAtom, { id: post.id, like })
    set(postMarksAtom, withEntry(get(postMarksAtom), post.id, result))
  } catch (error) {
    set(postMarksAtom, withEntry(get(postMarksAtom), post.id, { liked: before.liked, likeCount: before.likeCount }))
    throw error
  } finally {
    const busy = new Set(get(busyAtom))
    busy.delete(busyKey)
    set(busyAtom, busy)
  }
})

/** Follows or unfollows; resolves with the creator's follower count the server gives. */
export const setFollowAtom = atom(null, async (get, set, target: { id: number; follow: boolean }) => {
  const result = await set(followAtom, target)
  set(followMarksAtom, withEntry(get(followMarksAtom), target.id, result.followed))
  return result
})
