import { createRoute } from '@tanstack/react-router'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Call } from '../../../core/contracts/call.ts'
import { uploadVideo } from '../../../core/contracts/calls.ts'
import { BusinessCode } from '../../../core/protocol/codes.ts'
import {
  CHUNK_SIZE,
  createChunkedUpload,
  videoTarget,
  type ChunkedUpload,
  type ChunkedUploadEvents,
  type UploadedImage,
  type UploadedVideo,
} from '../../lib/chunked-upload.ts'
import { ApiError, ApiErrorKind, type SignedRequest } from '../../lib/http.ts'
import { t } from '../../lib/messages-publish.ts'
import { withConfig } from '../../testing/config-kit.ts'
import { testUser } from '../../testing/session-kit.ts'
import { Refusal, renderRoutes, storeWithFakeApi, type Post } from '../../testing/app-kit.tsx'
import { Toaster } from '../../ui/toast.tsx'
import { setSessionAtom } from '../session/public.ts'
import { createDraftFiles, createMemoryFilesBackend } from './draft-files.ts'
import { createDraftStore, type DraftStorage } from './draft.ts'
import { PublishScreen, type PublishDeps } from './publish-screen.tsx'

afterEach(cleanup)
beforeEach(() => {
  // Finished images of a restored draft show through LazyImage: nothing comes into view here.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  )
  return () => vi.unstubAllGlobals()
})

const image = (n: number): UploadedImage => ({
  imageId: `IMAGE${n}`.padEnd(16, 'x'),
  url: `u/${n}.jpg`,
  width: 10,
  height: 10,
})
const VIDEO: UploadedVideo = { videoUploadId: 77, duration: 42 }
const CATEGORIES = [
  { id: 1, name: '日常' },
  { id: 2, name: '影评' },
]

/** An upload the test drives: progress, finish, fail; pause rejects the run as the real one does. */
class FakeUpload implements ChunkedUpload<UploadedImage | UploadedVideo> {
  confirmed = 0
  runs = 0
  private pending: { resolve(value: UploadedImage | UploadedVideo): void; reject(error: unknown): void } | null = null
  constructor(
    readonly kind: 'image' | 'video',
    readonly file: File,
    private readonly events: ChunkedUploadEvents,
    public identifier: string | undefined,
  ) {}
  run() {
    this.runs++
    return new Promise<UploadedImage | UploadedVideo>((resolve, reject) => {
      this.pending = { resolve, reject }
    })
  }
  pause() {
    this.pending?.reject(new ApiError(ApiErrorKind.Canceled, 'canceled'))
    this.pending = null
  }
  progress(bytes: number) {
    this.identifier = 'id'
    this.confirmed = bytes
    act(() => this.events.onProgress?.(bytes, this.file.size))
  }
  async finish(result: UploadedImage | UploadedVideo) {
    await act(async () => this.pending?.resolve(result))
  }
  async fail(error: unknown) {
    await act(async () => this.pending?.reject(error))
  }
}

function memoryStorage(): DraftStorage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

function setup(
  post: Post,
  {
    storage = memoryStorage(),
    files = createMemoryFilesBackend(),
    duration = 42 as number | null,
    createUpload = undefined as PublishDeps['createUpload'] | undefined,
  } = {},
) {
  const { store, post: postMock } = storeWithFakeApi(post)
  store.set(setSessionAtom, {
    uuid: 'device-1',
    token: 'tok',
    channel: { pc: '', dc: '', isLight: false },
    user: testUser({ id: 9 }),
  })
  withConfig(store, { communityCategory: CATEGORIES })
  const uploads: FakeUpload[] = []
  const deps: PublishDeps = {
    createUpload:
      createUpload ??
      ((_api, kind, file, events, identifier) => {
        const upload = new FakeUpload(kind, file, events, identifier)
        uploads.push(upload)
        return upload as never
      }),
    preview: (file) => `blob:${file.name}`,
    revoke: vi.fn(),
    probeVideo: vi.fn(async () => duration),
    draftStore: (userId) => createDraftStore(userId, storage),
    draftFiles: (userId) => createDraftFiles(userId, files),
  }
  const router = renderRoutes(store, '/community/publish', (root) => [
    createRoute({
      getParentRoute: () => root,
      path: '/community/publish',
      component: () => (
        <>
          <PublishScreen deps={deps} />
          <Toaster />
        </>
      ),
    }),
    createRoute({
      getParentRoute: () => root,
      path: '/mine/myPost',
      component: () => (
        <>
          <p>my posts</p>
          <Toaster />
        </>
      ),
    }),
  ])
  return { store, post: postMock, uploads, storage, files, deps, router }
}

const file = (name: string, type: string, size = 3000) => {
  const picked = new File(['x'], name, { type })
  Object.defineProperty(picked, 'size', { value: size })
  return picked
}

async function pickImages(...files: File[]) {
  fireEvent.change(await screen.findByLabelText(t.publish.addImages), { target: { files } })
}
async function pickVideo(picked: File) {
  fireEvent.change(await screen.findByLabelText(t.publish.addVideo), { target: { files: [picked] } })
}
const progressOf = (label: string) =>
  screen.getByRole('progressbar', { name: t.publish.progress(label) }).getAttribute('aria-valuenow')

describe('PublishScreen', () => {
  it('uploads the picked images and video one by one with progress and pause/resume, then publishes and goes to myPost', async () => {
    const { post, uploads, router, storage } = setup(async (name) =>
      name === 'post/publish' ? { id: 5, state: 'pending' } : null,
    )
    await pickImages(file('a.jpg', 'image/jpeg'), file('b.png', 'image/png'))
    await pickVideo(file('clip.mp4', 'video/mp4', 5000))
    expect(await screen.findByText(t.publish.images(2, 9))).toBeTruthy()
    await waitFor(() => expect(uploads).toHaveLength(1))
    // One file at a time.
    uploads[0]!.progress(1500)
    expect(progressOf(t.publish.image(1))).toBe('50')
    expect(screen.getAllByText(t.publish.status.queued)).toHaveLength(2)

    fireEvent.click(screen.getByRole('button', { name: t.publish.pause(t.publish.image(1)) }))
    expect(await screen.findByText(t.publish.status.paused(50))).toBeTruthy()
    // Paused: the next one goes meanwhile.
    await waitFor(() => expect(uploads).toHaveLength(2))
    await uploads[1]!.finish(image(2))
    await waitFor(() => expect(uploads).toHaveLength(3))
    await uploads[2]!.finish(VIDEO)
    expect(screen.getByText(t.publish.duration('0:42'))).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: t.publish.resume(t.publish.image(1)) }))
    await waitFor(() => expect(uploads[0]!.runs).toBe(2))
    await uploads[0]!.finish(image(1))
    expect(screen.getAllByText(t.publish.status.done)).toHaveLength(3)

    fireEvent.click(screen.getByLabelText('影评'))
    const text = screen.getByLabelText(t.publish.content)
    fireEvent.change(text, { target: { value: '  今天的电影  ' } })
    expect(screen.getByText(t.publish.counter(5, 2000))).toBeTruthy()
    fireEvent.change(screen.getByLabelText(t.publish.price), { target: { value: '12.5' } })
    expect(screen.getByText(t.publish.priceShown('12.50'))).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: t.publish.submit }))
    expect(await screen.findByText(t.publish.pendingReview)).toBeTruthy()
    expect(post).toHaveBeenCalledWith('post/publish', {
      categoryId: 2,
      content: '今天的电影',
      imageIds: [image(1).imageId, image(2).imageId],
      videoUploadId: 77,
      price: 1250,
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/mine/myPost'))
    expect(storage.data.size).toBe(0)
  })

  it('waits for the uploads when 发布 is pressed early, and says 已发布 when the post is live', async () => {
    const { post, uploads } = setup(async (name) => (name === 'post/publish' ? { id: 6, state: 'published' } : null))
    await pickImages(file('a.jpg', 'image/jpeg'))
    fireEvent.change(screen.getByLabelText(t.publish.content), { target: { value: '你好' } })
    fireEvent.click(screen.getByRole('button', { name: t.publish.submit }))
    expect(await screen.findByRole('button', { name: t.publish.waiting })).toBeTruthy()
    expect(post).not.toHaveBeenCalled()
    await waitFor(() => expect(uploads).toHaveLength(1))
    await uploads[0]!.finish(image(1))
    expect(await screen.findByText(t.publish.published)).toBeTruthy()
    expect(post).toHaveBeenCalledWith(
      'post/publish',
      expect.objectContaining({ categoryId: 1, imageIds: [image(1).imageId] }),
    )
  })

  it('shows a failed upload with a retry that runs it again, and stops waiting when an upload fails', async () => {
    const { post, uploads } = setup(async () => null)
    await pickImages(file('a.jpg', 'image/jpeg'))
    fireEvent.change(screen.getByLabelText(t.publish.content), { target: { value: '你好' } })
    fireEvent.click(screen.getByRole('button', { name: t.publish.submit }))
    await waitFor(() => expect(uploads).toHaveLength(1))
    await uploads[0]!.fail(new ApiError(ApiErrorKind.BadRequest, t.upload.unsupported))
    expect(await screen.findByText(t.upload.unsupported)).toBeTruthy()
    expect((await screen.findByRole('alert')).textContent).toBe(t.publish.errors.unfinished)
    expect(post).not.toHaveBeenCalled()

    fireEvent.click(screen.getByRole('button', { name: t.publish.retry(t.publish.image(1)) }))
    await waitFor(() => expect(uploads[0]!.runs).toBe(2))
    await uploads[0]!.finish(image(1))
    expect(await screen.findByText(t.publish.status.done)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: t.publish.remove(t.publish.image(1)) }))
    expect(screen.queryByText(t.publish.status.done)).toBeNull()
  })

  it('refuses files by type, size, count and duration before uploading them', async () => {
    const { uploads } = setup(async () => null, { duration: 601 })
    await pickImages(file('a.avif', 'image/avif'))
    expect((await screen.findByRole('alert')).textContent).toBe(t.publish.errors.notImage)
    await pickImages(file('big.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1))
    expect(screen.getByRole('alert').textContent).toBe(t.upload.tooLarge(10))
    await pickImages(...Array.from({ length: 10 }, (_, index) => file(`${index}.jpg`, 'image/jpeg')))
    expect(screen.getByRole('alert').textContent).toBe(t.publish.errors.tooManyImages(9))
    expect(screen.getByText(t.publish.images(9, 9))).toBeTruthy()
    expect(screen.queryByLabelText(t.publish.addImages)).toBeNull()
    await pickVideo(file('a.txt', 'text/plain'))
    expect(screen.getByRole('alert').textContent).toBe(t.publish.errors.notVideo)
    await pickVideo(file('huge.mp4', 'video/mp4', 500 * 1024 * 1024 + 1))
    expect(screen.getByRole('alert').textContent).toBe(t.upload.videoTooLarge(500))
    await pickVideo(file('long.mp4', 'video/mp4'))
    expect((await screen.findByText(t.publish.errors.videoTooLong(10))).getAttribute('role')).toBe('alert')
    await waitFor(() => expect(uploads.every((upload) => upload.kind === 'image')).toBe(true))
  })

  it.each([
    [BusinessCode.Banned, '账号已被禁言，暂时不能发布内容'],
    [BusinessCode.VideoUnusable, '视频不可用，请重新上传'],
    [BusinessCode.PublishLimit, '今日发布次数已达上限'],
  ])('shows the refusal %i clearly and keeps the form', async (code, message) => {
    const { storage } = setup(async (name) => (name === 'post/publish' ? new Refusal(code) : null))
    fireEvent.change(await screen.findByLabelText(t.publish.content), { target: { value: '你好' } })
    fireEvent.click(screen.getByRole('button', { name: t.publish.submit }))
    expect((await screen.findByRole('alert')).textContent).toBe(message)
    expect((screen.getByLabelText(t.publish.content) as HTMLTextAreaElement).value).toBe('你好')
    expect(storage.data.size).toBe(1)
  })

  it('checks the fields before sending: text, price', async () => {
    const { post } = setup(async () => null)
    fireEvent.click(await screen.findByRole('button', { name: t.publish.submit }))
    expect(screen.getByRole('alert').textContent).toBe(t.publish.errors.emptyContent)
    fireEvent.change(screen.getByLabelText(t.publish.content), { target: { value: '字'.repeat(2001) } })
    expect(screen.getByText(t.publish.counter(2001, 2000)).className).toContain('is-over')
    fireEvent.click(screen.getByRole('button', { name: t.publish.submit }))
    expect(screen.getByRole('alert').textContent).toBe(t.publish.errors.contentTooLong(2000))
    fireEvent.change(screen.getByLabelText(t.publish.content), { target: { value: '好' } })
    fireEvent.change(screen.getByLabelText(t.publish.price), { target: { value: '1.234' } })
    fireEvent.click(screen.getByRole('button', { name: t.publish.submit }))
    expect(screen.getByRole('alert').textContent).toBe(t.publish.errors.badPrice)
    expect(post).not.toHaveBeenCalled()
  })

  it('keeps a draft over a reload: fields and finished uploads; an unfinished upload whose file the browser would not keep resumes once it is picked again', async () => {
    const storage = memoryStorage()
    // Quota or private mode: the files cannot be kept.
    const files = createMemoryFilesBackend({ refuse: true })
    const first = setup(async () => null, { storage, files })
    await pickImages(file('a.jpg', 'image/jpeg'))
    await pickVideo(file('clip.mp4', 'video/mp4', 4000))
    fireEvent.change(screen.getByLabelText(t.publish.content), { target: { value: '草稿' } })
    fireEvent.click(screen.getByLabelText('影评'))
    fireEvent.change(screen.getByLabelText(t.publish.price), { target: { value: '3' } })
    await waitFor(() => expect(first.uploads).toHaveLength(1))
    await first.uploads[0]!.finish(image(1))
    await waitFor(() => expect(first.uploads).toHaveLength(2))
    first.uploads[1]!.progress(1000)
    cleanup()
    // The reload paused the video: its chunks stay on the server.
    await waitFor(() => expect(storage.data.size).toBe(1))

    const second = setup(async (name) => (name === 'post/publish' ? { id: 8, state: 'pending' } : null), {
      storage,
      files,
    })
    expect(await screen.findByText(t.publish.draftRestored)).toBeTruthy()
    expect((screen.getByLabelText(t.publish.content) as HTMLTextAreaElement).value).toBe('草稿')
    expect((screen.getByLabelText('影评') as HTMLInputElement).checked).toBe(true)
    expect((screen.getByLabelText(t.publish.price) as HTMLInputElement).value).toBe('3')
    expect(screen.getByText(t.publish.status.done)).toBeTruthy()
    expect(screen.getByText(t.publish.status.missing('clip.mp4'))).toBeTruthy()
    expect(progressOf(t.publish.videoItem)).toBe('25')
    expect(second.uploads).toHaveLength(0)

    // Publishing now would leave the video out: it says so instead.
    fireEvent.click(screen.getByRole('button', { name: t.publish.submit }))
    expect(screen.getByRole('alert').textContent).toBe(t.publish.errors.unfinished)

    const repick = screen.getByLabelText(t.publish.repick(t.publish.videoItem))
    fireEvent.change(repick, { target: { files: [file('clip.mp4', 'video/mp4', 4000)] } })
    await waitFor(() => expect(second.uploads).toHaveLength(1))
    // Another file may have been picked: its identifier is read afresh.
    expect(second.uploads[0]!.identifier).toBeUndefined()
    await second.uploads[0]!.finish(VIDEO)
    fireEvent.click(screen.getByRole('button', { name: t.publish.submit }))
    await waitFor(() =>
      expect(second.post).toHaveBeenCalledWith('post/publish', {
        categoryId: 2,
        content: '草稿',
        imageIds: [image(1).imageId],
        videoUploadId: 77,
        price: 300,
      }),
    )
  })

  it('resumes an unfinished upload by itself after a reload, from its kept file and the chunks the server holds, then drops the kept file', async () => {
    const server = chunkServer()
    const storage = memoryStorage()
    const files = createMemoryFilesBackend()
    const identifiers: Array<string | undefined> = []
    const createUpload: PublishDeps['createUpload'] = (_api, _kind, picked, events, identifier) => {
      identifiers.push(identifier)
      return createChunkedUpload(server.api, videoTarget(uploadVideo), picked, events, identifier)
    }
    const content = new Uint8Array(3 * CHUNK_SIZE).map((_, index) => index % 251)
    const clip = new File([content], 'clip.mp4', { type: 'video/mp4' })
    // The first visit: chunk 1 goes through, 2 and 3 hang until the page is left.
    server.holdFrom = 2
    setup(async () => null, { storage, files, createUpload })
    await pickVideo(clip)
    await waitFor(() => expect(progressOf(t.publish.videoItem)).toBe('33'), { timeout: 5000 })
    expect(files.data.size).toBe(1)
    cleanup()
    await waitFor(() => expect(JSON.parse(storage.data.values().next().value!).uploads[0].confirmed).toBe(CHUNK_SIZE))

    server.holdFrom = Infinity
    server.posted.length = 0
    const second = setup(async (name) => (name === 'post/publish' ? { id: 8, state: 'pending' } : null), {
      storage,
      files,
      createUpload,
    })
    expect(await screen.findByText(t.publish.draftRestored)).toBeTruthy()
    expect(await screen.findByText(t.publish.status.done, {}, { timeout: 5000 })).toBeTruthy()
    expect(screen.queryByLabelText(t.publish.repick(t.publish.videoItem))).toBeNull()
    // Only what the server lacked was sent, and the file was not read again for its identifier.
    expect(server.posted.sort()).toEqual([2, 3])
    expect(identifiers).toEqual([undefined, server.identifier()])
    await waitFor(() => expect(files.data.size).toBe(0))

    fireEvent.change(screen.getByLabelText(t.publish.content), { target: { value: '视频' } })
    fireEvent.click(screen.getByRole('button', { name: t.publish.submit }))
    await waitFor(() =>
      expect(second.post).toHaveBeenCalledWith(
        'post/publish',
        expect.objectContaining({ videoUploadId: VIDEO.videoUploadId }),
      ),
    )
  })

  it('keeps each picked file until its upload is done or removed, per user, and drops the rest on publishing', async () => {
    const files = createMemoryFilesBackend()
    // Left by another user, and by a draft of this one that is gone.
    files.data.set('8/theirs', new Blob(['x']))
    files.data.set('9/stale', new Blob(['x']))
    const { uploads, post } = setup(async (name) => (name === 'post/publish' ? { id: 9, state: 'pending' } : null), {
      files,
    })
    await waitFor(() => expect([...files.data.keys()]).toEqual(['8/theirs']))
    const first = file('a.jpg', 'image/jpeg')
    await pickImages(first, file('b.jpg', 'image/jpeg'), file('c.jpg', 'image/jpeg'))
    await waitFor(() => expect(files.data.size).toBe(4))
    expect([...files.data.values()]).toContain(first)
    expect([...files.data.keys()].filter((key) => key.startsWith('9/'))).toHaveLength(3)

    await waitFor(() => expect(uploads).toHaveLength(1))
    await uploads[0]!.finish(image(1))
    await waitFor(() => expect(files.data.size).toBe(3))
    fireEvent.click(screen.getByRole('button', { name: t.publish.remove(t.publish.image(3)) }))
    await waitFor(() => expect(files.data.size).toBe(2))

    fireEvent.change(screen.getByLabelText(t.publish.content), { target: { value: '你好' } })
    fireEvent.click(screen.getByRole('button', { name: t.publish.submit }))
    await waitFor(() => expect(uploads).toHaveLength(2))
    await uploads[1]!.finish(image(2))
    await waitFor(() => expect(post).toHaveBeenCalledWith('post/publish', expect.anything()))
    await waitFor(() => expect([...files.data.keys()]).toEqual(['8/theirs']))
  })
})

/**
 * The server's side of upload/video: chunks per identifier, the GET check answering 200 for a
 * chunk it holds, the video once all are there. POSTs of chunks from `holdFrom` on wait until aborted.
 */
function chunkServer() {
  const stored = new Map<string, Set<number>>()
  const server = {
    holdFrom: Infinity,
    posted: [] as number[],
    identifier: () => [...stored.keys()][0],
    api: {
      signedFetch: vi.fn(async (_call: Call, request: SignedRequest) => {
        const params =
          request.method === 'GET'
            ? Object.fromEntries(request.search!)
            : Object.fromEntries(
                [...request.body!].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
              )
        const number = Number(params.chunkNumber)
        const chunks = stored.get(params.identifier!) ?? new Set<number>()
        stored.set(params.identifier!, chunks)
        if (request.method === 'GET') return new Response(null, { status: chunks.has(number) ? 200 : 204 })
        server.posted.push(number)
        if (number >= server.holdFrom)
          await new Promise((_, reject) =>
            request.signal?.addEventListener('abort', () => reject(new ApiError(ApiErrorKind.Canceled, 'canceled'))),
          )
        chunks.add(number)
        const done = chunks.size === Number(params.totalChunks)
        return Response.json({ code: 200, data: done ? { done, video: VIDEO } : { done }, tip: '', msg: '' })
      }),
    },
  }
  return server
}
