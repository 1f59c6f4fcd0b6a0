import { useSetAtom } from 'jotai'
import { useEffect, useId, useRef, useState } from 'react'
import type { Comment, CommentThread } from '../../../core/contracts/community.ts'
import { COMMENT_TEXT_MAX } from '../../../core/contracts/community-rules.ts'
import type { ImageDomains } from '../../../core/contracts/domain.ts'
import { formatCount } from '../../../core/format/count.ts'
import { relativeTime } from '../../../core/format/relative-time.ts'
import { errorMessage } from '../../lib/http.ts'
import { t } from '../../lib/messages-community.ts'
import { InfiniteList } from '../../ui/infinite-list.tsx'
import { Skeleton } from '../../ui/state-views.tsx'
import { showToastAtom } from '../../ui/toast.tsx'
import { addCommentAtom, likeCommentAtom, loadRepliesAtom, type PostsList } from './api.ts'
import { browserDraftStorage, readDraft, saveDraft, type DraftStorage } from './comment-draft.ts'
import { Avatar, HeartIcon } from './post-parts.tsx'
import { useNowSeconds } from './use-now.ts'
import { usePostsList } from './use-posts-list.ts'

/** Whom the composer answers: a comment (a reply to a reply hangs under its top-level comment). */
interface ReplyTarget {
  id: number
  nickname: string
}

type CommentMarks = ReadonlyMap<number, { liked: boolean; likeCount: number }>

/** Replies loaded under a thread past its first ones, and where the next page starts. */
interface MoreReplies {
  replies: Comment[]
  cursor: string | null
  status: 'idle' | 'loading' | 'error'
}

function withoutThread({ replies: _replies, replyCount: _count, repliesCursor: _cursor, ...reply }: CommentThread) {
  return reply
}

export interface CommentsProps {
  postId: number
  list: PostsList<CommentThread>
  config: ImageDomains | null
  /** False while the post cannot take comments (offline copy, locked): no composer. */
  canComment: boolean
  /** A comment was sent (the post's count goes up). */
  onAdded(): void
  /** Replaced in tests. */
  draftStorage?: DraftStorage | null
}

/**
 * A post's comments without end, each with its replies under it and a like; 回复 points the
 * composer at a comment. What is sent here shows at once (a new comment first, a reply at the end
 * of its comment's replies) without asking the list again. 展开更多回复 appends a thread's next
 * replies after those shown.
 */
export function Comments({ postId, list, config, canComment, onAdded, draftStorage }: CommentsProps) {
  const { state, loadFirst, loadMore } = usePostsList(list, { fresh: true })
  const likeComment = useSetAtom(likeCommentAtom)
  const loadReplies = useSetAtom(loadRepliesAtom)
  const [more, setMore] = useState<ReadonlyMap<number, MoreReplies>>(new Map())
  const toast = useSetAtom(showToastAtom)
  const [added, setAdded] = useState<{ threads: CommentThread[]; replies: ReadonlyMap<number, Comment[]> }>({
    threads: [],
    replies: new Map(),
  })
  const [marks, setMarks] = useState<CommentMarks>(new Map())
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null)
  const composer = useRef<HTMLTextAreaElement>(null)
  const headingId = useId()
  const now = useNowSeconds()

  const listed = new Set(state.items.map((thread) => thread.id))
  const threads = [...added.threads.filter((thread) => !listed.has(thread.id)), ...state.items].map((thread) => {
    const loaded = more.get(thread.id)
    const known = new Set(thread.replies.map((reply) => reply.id))
    const paged = (loaded?.replies ?? []).filter((reply) => !known.has(reply.id))
    for (const reply of paged) known.add(reply.id)
    // A reply sent here counts once more until a loaded page brings it back.
    const extra = (added.replies.get(thread.id) ?? []).filter((reply) => !known.has(reply.id))
    return {
      ...thread,
      replies: [...thread.replies, ...paged, ...extra],
      replyCount: thread.replyCount + extra.length,
      repliesCursor: loaded ? loaded.cursor : thread.repliesCursor,
    }
  })

  const handleMoreReplies = async (thread: CommentThread) => {
    const cursor = thread.repliesCursor
    const before = more.get(thread.id)
    if (cursor === null || before?.status === 'loading') return
    const set = (next: MoreReplies) => setMore((current) => new Map(current).set(thread.id, next))
    const replies = before?.replies ?? []
    set({ replies, cursor, status: 'loading' })
    try {
      const next = await loadReplies({ postId, parentId: thread.id, cursor })
      set({ replies: [...replies, ...next.items.map(withoutThread)], cursor: next.nextCursor, status: 'idle' })
    } catch {
      set({ replies, cursor, status: 'error' })
    }
  }

  const handleLike = async (comment: Comment) => {
    const before = marks.get(comment.id) ?? { liked: comment.liked, likeCount: comment.likeCount }
    const like = !before.liked
    const set = (mark: { liked: boolean; likeCount: number }) =>
      setMarks((current) => new Map(current).set(comment.id, mark))
    set({ liked: like, likeCount: Math.max(0, before.likeCount + (like ? 1 : -1)) })
    try {
      set(await likeComment({ id: comment.id, like }))
    } catch (error) {
      set(before)
      toast(errorMessage(error) || t.community.actionFailed)
    }
  }

  const handleReply = (comment: Comment) => {
    setReplyTo({ id: comment.id, nickname: comment.author.nickname })
    composer.current?.focus()
  }

  const handleSent = (comment: Comment) => {
    if (comment.parentId === null) {
      setAdded((current) => ({
        ...current,
        threads: [{ ...comment, replies: [], replyCount: 0, repliesCursor: null }, ...current.threads],
      }))
    } else {
      const parent = comment.parentId
      setAdded((current) => ({
        ...current,
        replies: new Map(current.replies).set(parent, [...(current.replies.get(parent) ?? []), comment]),
      }))
    }
    setReplyTo(null)
    onAdded()
  }

  const renderComment = (comment: Comment) => {
    const mark = marks.get(comment.id) ?? { liked: comment.liked, likeCount: comment.likeCount }
    return (
      <div className="comment__body">
        <p className="comment__author">
          {comment.author.nickname}
          {comment.replyToNickname ? (
            <span className="comment__reply-to">
              <span aria-hidden="true"> ▸ </span>
              <span className="community-sr-only">{t.community.replyTo('')}</span>
              {comment.replyToNickname}
            </span>
          ) : null}
        </p>
        <p className="comment__text">{comment.content}</p>
        <div className="comment__meta">
          <span>{relativeTime(comment.createdAt, now)}</span>
          {canComment ? (
            <button
              type="button"
              className="comment__action"
              aria-label={t.community.replyTo(comment.author.nickname)}
              onClick={() => handleReply(comment)}
            >
              {t.community.reply}
            </button>
          ) : null}
          <button
            type="button"
            className="comment__action comment__like"
            aria-pressed={mark.liked}
            aria-label={`${mark.liked ? t.community.liked : t.community.like} ${t.community.commentLiked(formatCount(mark.likeCount))}`}
            onClick={() => void handleLike(comment)}
          >
            <HeartIcon filled={mark.liked} />
            <span>{formatCount(mark.likeCount)}</span>
          </button>
        </div>
      </div>
    )
  }

  return (
    <section className="comments" id="comments" aria-labelledby={headingId}>
      <h2 id={headingId} className="comments__title">
        {t.community.commentsTitle}
      </h2>
      {state.status === 'ready' && threads.length === 0 && !state.hasMore ? (
        <p className="empty-state">{t.community.noComments}</p>
      ) : (
        <InfiniteList
          state={{ ...state, items: threads }}
          onLoadMore={() => void loadMore()}
          onRetry={() => void loadFirst()}
          skeleton={<Skeleton lines={3} />}
        >
          <ul className="comments__list">
            {threads.map((thread) => (
              <li key={thread.id} className="comment">
                <Avatar author={thread.author} config={config} />
                <div className="comment__main">
                  {renderComment(thread)}
                  {thread.replies.length > 0 ? (
                    <ul className="comment__replies">
                      {thread.replies.map((reply) => (
                        <li key={reply.id} className="comment comment--reply">
                          {renderComment(reply)}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {thread.repliesCursor !== null ? (
                    <MoreRepliesButton
                      count={thread.replyCount}
                      status={more.get(thread.id)?.status ?? 'idle'}
                      onLoad={() => void handleMoreReplies(thread)}
                    />
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </InfiniteList>
      )}
      {canComment ? (
        <Composer
          ref={composer}
          postId={postId}
          replyTo={replyTo}
          onCancelReply={() => setReplyTo(null)}
          onSent={handleSent}
          storage={draftStorage === undefined ? browserDraftStorage() : draftStorage}
        />
      ) : null}
    </section>
  )
}

/** 共N条回复 and the button that loads the next replies: a spinner while loading, a retry after an error. */
function MoreRepliesButton({
  count,
  status,
  onLoad,
}: {
  count: number
  status: MoreReplies['status']
  onLoad(): void
}) {
  const loading = status === 'loading'
  return (
    <div className="comment__more">
      <span>{t.community.replies(formatCount(count))}</span>
      {status === 'error' ? (
        <span className="comment__more-error" role="alert">
          {t.community.moreRepliesFailed}
        </span>
      ) : null}
      <button type="button" className="comment__action comment__more-button" aria-busy={loading} onClick={onLoad}>
        {loading ? <span className="comment__spinner" aria-hidden="true" /> : null}
        {status === 'error' ? t.community.retryReplies : t.community.moreReplies}
      </button>
    </div>
  )
}

/** The comment box: keeps its draft per post, counts characters, sends comment/add. */
function Composer({
  ref,
  postId,
  replyTo,
  onCancelReply,
  onSent,
  storage,
}: {
  ref: React.Ref<HTMLTextAreaElement>
  postId: number
  replyTo: ReplyTarget | null
  onCancelReply(): void
  onSent(comment: Comment): void
  storage: DraftStorage | null
}) {
  const addComment = useSetAtom(addCommentAtom)
  const toast = useSetAtom(showToastAtom)
  const [text, setText] = useState(() => readDraft(storage, postId))
  const [sending, setSending] = useState(false)
  const fieldId = useId()
  const counterId = useId()
  const content = text.trim()
  const length = Array.from(content).length

  useEffect(() => {
    saveDraft(storage, postId, text)
  }, [storage, postId, text])

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (content === '' || length > COMMENT_TEXT_MAX || sending) return
    setSending(true)
    try {
      const comment = await addComment({ postId, content, ...(replyTo ? { replyTo: replyTo.id } : {}) })
      setText('')
      toast(t.community.sent)
      onSent(comment)
    } catch (error) {
      // The draft stays for another try.
      toast(errorMessage(error) || t.community.actionFailed)
    } finally {
      setSending(false)
    }
  }

  return (
    <form className="composer" onSubmit={(event) => void handleSubmit(event)}>
      {replyTo ? (
        <p className="composer__reply">
          <span>{t.community.replyingTo(replyTo.nickname)}</span>
          <button type="button" className="composer__cancel" onClick={onCancelReply}>
            {t.community.cancelReply}
          </button>
        </p>
      ) : null}
      <div className="composer__row">
        <label htmlFor={fieldId} className="community-sr-only">
          {replyTo ? t.community.replyTo(replyTo.nickname) : t.community.composer}
        </label>
        <textarea
          ref={ref}
          id={fieldId}
          className="composer__field"
          rows={1}
          value={text}
          aria-describedby={counterId}
          placeholder={replyTo ? t.community.replyTo(replyTo.nickname) : t.community.composerPlaceholder}
          onChange={(event) => setText(event.target.value)}
        />
        <button
          type="submit"
          className="button button--small"
          disabled={content === '' || length > COMMENT_TEXT_MAX || sending}
          aria-busy={sending}
        >
          {sending ? t.community.sending : t.community.send}
        </button>
      </div>
      <p id={counterId} className="composer__counter" data-over={length > COMMENT_TEXT_MAX || undefined}>
        {t.community.counter(length, COMMENT_TEXT_MAX)}
      </p>
    </form>
  )
}
