import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { t } from '../lib/messages.ts'
import { InfiniteList, LOAD_MORE_ROOT_MARGIN, type InfiniteListState } from './infinite-list.tsx'

/** A stand-in IntersectionObserver the test drives: `intersect()` reports the sentinel in reach. */
class FakeObserver {
  static all: FakeObserver[] = []
  observed: Element[] = []
  disconnected = false
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this)
  }
  observe(element: Element) {
    this.observed.push(element)
  }
  disconnect() {
    this.disconnected = true
  }
  intersect(isIntersecting = true) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry)
    act(() => this.callback(entries, this as unknown as IntersectionObserver))
  }
}

const live = () => FakeObserver.all.filter((observer) => !observer.disconnected)

beforeEach(() => {
  FakeObserver.all = []
  vi.stubGlobal('IntersectionObserver', FakeObserver)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const ready = (patch: Partial<InfiniteListState> = {}): InfiniteListState => ({
  status: 'ready',
  items: [1, 2],
  error: null,
  hasMore: true,
  loadingMore: false,
  moreError: null,
  ...patch,
})

function renderList(state: InfiniteListState, onLoadMore = vi.fn(), onRetry = vi.fn()) {
  const view = render(
    <InfiniteList state={state} onLoadMore={onLoadMore} onRetry={onRetry}>
      <p>items</p>
    </InfiniteList>,
  )
  return {
    onLoadMore,
    onRetry,
    rerender: (next: InfiniteListState) =>
      view.rerender(
        <InfiniteList state={next} onLoadMore={onLoadMore} onRetry={onRetry}>
          <p>items</p>
        </InfiniteList>,
      ),
  }
}

describe('InfiniteList', () => {
  it('shows a skeleton on first load and an error with a retry when the first page fails', () => {
    const { rerender, onRetry } = renderList({ ...ready(), status: 'loading', items: [] })
    expect(screen.getByRole('status', { name: t.common.loading })).toBeTruthy()
    expect(screen.queryByText('items')).toBeNull()
    rerender({ ...ready(), status: 'error', items: [], error: '网络连接失败' })
    expect(screen.getByRole('alert').textContent).toContain('网络连接失败')
    fireEvent.click(screen.getByRole('button', { name: t.common.retry }))
    expect(onRetry).toHaveBeenCalledTimes(1)
    // Not there: asking again cannot help, so no retry.
    rerender({ ...ready(), status: 'error', items: [], error: '内容不存在', retryable: false })
    expect(screen.getByRole('alert').textContent).toContain('内容不存在')
    expect(screen.queryByRole('button', { name: t.common.retry })).toBeNull()
  })

  it('asks for the next page when the end comes within reach, once per page', () => {
    const { onLoadMore, rerender } = renderList(ready())
    expect(live()).toHaveLength(1)
    expect(live()[0]!.options?.rootMargin).toBe(LOAD_MORE_ROOT_MARGIN)
    live()[0]!.intersect(false)
    expect(onLoadMore).not.toHaveBeenCalled()
    live()[0]!.intersect()
    expect(onLoadMore).toHaveBeenCalledTimes(1)
    // While the page loads nothing watches; once it has arrived a new observer asks again.
    rerender(ready({ loadingMore: true }))
    expect(live()).toHaveLength(0)
    expect(screen.getByRole('status').textContent).toBe(t.common.loading)
    rerender(ready({ items: [1, 2, 3, 4] }))
    expect(live()).toHaveLength(1)
    live()[0]!.intersect()
    expect(onLoadMore).toHaveBeenCalledTimes(2)
  })

  it('shows an inline retry for a failed later page, and 没有更多了 at the end', () => {
    const { onLoadMore, rerender } = renderList(ready({ moreError: '请求超时' }))
    expect(screen.getByText('items')).toBeTruthy()
    expect(live()).toHaveLength(0)
    expect(screen.getByRole('alert').textContent).toContain('请求超时')
    fireEvent.click(screen.getByRole('button', { name: t.common.retry }))
    expect(onLoadMore).toHaveBeenCalledTimes(1)
    rerender(ready({ hasMore: false }))
    expect(screen.getByText(t.common.noMore)).toBeTruthy()
    expect(live()).toHaveLength(0)
  })

  it('says so when the list is empty', () => {
    renderList(ready({ items: [], hasMore: false }))
    expect(screen.getByText(t.list.empty)).toBeTruthy()
    expect(screen.queryByText(t.common.noMore)).toBeNull()
  })
})
