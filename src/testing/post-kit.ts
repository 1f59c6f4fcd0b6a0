import type { CreatorCard, PostCard } from '../../core/contracts/community.ts'

/** Test kit for community screens: a post card and a creator card with what the test names. */

export const postCard = (id: number, patch: Partial<PostCard> = {}): PostCard => ({
  id,
  author: { id: 9, nickname: '作者', avatar: '' },
  categoryId: 1,
  content: `帖子${id}`,
  truncated: false,
  images: [],
  imageCount: 0,
  video: null,
  hasVideo: false,
  price: 0,
  locked: false,
  liked: false,
  likeCount: 0,
  commentCount: 0,
  createdAt: 1_763_700_000,
  state: 'published',
  rejectReason: '',
  ...patch,
})

export const creatorCard = (id: number, patch: Partial<CreatorCard> = {}): CreatorCard => ({
  id,
  nickname: `创作者${id}`,
  avatar: '',
  intro: '',
  followers: 0,
  posts: 0,
  followed: false,
  ...patch,
})
