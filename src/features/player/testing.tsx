import { createRoute, type RouteComponent } from '@tanstack/react-router'
import type { VideoCard, VideoDetail } from '../../../core/contracts/media.ts'
import type { PlayInfo } from '../../../core/contracts/play.ts'
import type { AppStore } from '../../lib/store.ts'
import { renderRoutes, storeWithFakeApi, videoCard as baseCard } from '../../testing/app-kit.tsx'

export { memoryBackend, type Post } from '../../testing/app-kit.tsx'

/** Test kit of the player: play answers, a store over a fake API and offline reads, a memory router. */

export const videoCard = (id: number, patch: Partial<VideoCard> = {}): VideoCard =>
  baseCard(id, { playCount: 1234, likeCount: 10, ...patch })

export const playInfo = (id: number, patch: Partial<PlayInfo> = {}, video: Partial<VideoDetail> = {}): PlayInfo => ({
  video: {
    ...videoCard(id),
    description: '简介',
    topics: [],
    actors: [],
    collection: null,
    ...video,
  },
  lock: 'none',
  lines: [
    { name: '线路1', url: `https://vid1.example/hls/${id}/master.m3u8?pt=tok${id}` },
    { name: '线路2', url: `https://vid2.example/hls/${id}/master.m3u8?pt=tok${id}` },
  ],
  previewSeconds: 0,
  previewLines: [],
  balance: 0,
  liked: false,
  favourited: false,
  resumeAt: 0,
  related: [],
  ...patch,
})

export const playerStore = storeWithFakeApi

/** Renders `component` at `url` with a few stand-in routes its links point to. */
export function renderAt(url: string, path: string, component: RouteComponent, store: AppStore) {
  return renderRoutes(store, url, (root) => [
    createRoute({ getParentRoute: () => root, path, component }),
    ...['/mine/vip', '/mine/diamondRecharge', '/subpage/labelPage'].map((stubPath) =>
      createRoute({ getParentRoute: () => root, path: stubPath, component: () => <p>{stubPath}</p> }),
    ),
  ])
}

/** A promise and its settle functions, to hold a call open while a test looks. */
export function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok
    reject = fail
  })
  return { promise, resolve, reject }
}
