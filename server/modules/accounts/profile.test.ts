import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { INTRO_MAX, NICKNAME_MAX } from '../../../core/contracts/account-rules.ts'
import { BusinessCode } from '../../../core/protocol/codes.ts'
import { users } from '../../db/schema/accounts.ts'
import type { TestClient } from '../../testing/client.ts'
import { BACKENDS, useTestApp } from '../../testing/harness.ts'

describe.each(BACKENDS)('user/info/modify and user/avatar (%s)', (backend) => {
  const t = useTestApp(backend)

  async function signIn(client: TestClient, devID: string) {
    const answer = await client.call('login/guest', { devID, affCode: '', token: '' })
    const login = answer.body.data as { id: number; token: string }
    client.token = login.token
    return login.id
  }

  /** A one-chunk upload of a small PNG; answers the image id. */
  async function uploadImage(client: TestClient, name = 'upload/img') {
    const png = await sharp(randomBytes(32 * 32 * 3), { raw: { width: 32, height: 32, channels: 3 } })
      .png()
      .toBuffer()
    const params = {
      chunkNumber: 1,
      chunkSize: png.length,
      currentChunkSize: png.length,
      totalSize: png.length,
      identifier: `avatar-${randomBytes(4).toString('hex')}`,
      totalChunks: 1,
    }
    const answer = await client.uploadChunk(name, params, png)
    return (answer.body.data as { image: { imageId: string } }).image.imageId
  }

  it('sets a trimmed nickname and intro and answers the user info', async () => {
    const id = await signIn(t.client, 'device-profile-1')
    const nickname = '  小明同学  '
    const answer = await t.client.call('user/info/modify', { nickname, intro: ' 喜欢看电影 ' })
    expect(answer.body).toMatchObject({ code: 200, data: { id, nickname: '小明同学', intro: '喜欢看电影' } })
    // Either field alone leaves the other as it was.
    const intro = await t.client.call('user/info/modify', { intro: '' })
    expect(intro.body.data).toMatchObject({ nickname: '小明同学', intro: '' })
    const [row] = await t.db.select().from(users).where(eq(users.id, id))
    expect(row).toMatchObject({ nickname: '小明同学', intro: '' })
  })

  it('refuses control characters, lengths out of range and an empty change with 4000 naming the field', async () => {
    await signIn(t.client, 'device-profile-2')
    const refused = [
      [{ nickname: '小\u0007明' }, 'nickname'],
      [{ nickname: '\t小明' }, 'nickname'],
      [{ nickname: ' 明 ' }, 'nickname'],
      [{ nickname: '名'.repeat(NICKNAME_MAX + 1) }, 'nickname'],
      [{ intro: '第一行\n第二行' }, 'intro'],
      [{ intro: '字'.repeat(INTRO_MAX + 1) }, 'intro'],
      [{}, ''],
    ] as const
    for (const [body, field] of refused) {
      const answer = await t.client.call('user/info/modify', body)
      expect(answer.body.code, JSON.stringify(body)).toBe(4000)
      expect(answer.body.msg, JSON.stringify(body)).toMatch(new RegExp(`^${field}`))
    }
    const longest = await t.client.call('user/info/modify', {
      nickname: '名'.repeat(NICKNAME_MAX),
      intro: '字'.repeat(INTRO_MAX),
    })
    expect(longest.body.code).toBe(200)
  })

  it('sets the avatar to the caller’s own upload only; anyone else’s image answers 7030', async () => {
    const other = t.newClient()
    const id = await signIn(t.client, 'device-profile-3')
    await signIn(other, 'device-profile-4')
    const mine = await uploadImage(t.client)
    const theirs = await uploadImage(other)
    const anonymous = await uploadImage(t.newClient(), 'upload/images')

    for (const imageId of [theirs, anonymous, 'AAAAAAAAAAAAAAAA']) {
      const answer = await t.client.call('user/avatar', { imageId })
      expect(answer.body).toMatchObject({ code: BusinessCode.ImageNotYours, tip: '图片不存在' })
    }
    const [before] = await t.db.select().from(users).where(eq(users.id, id))
    expect(before!.avatar).toBe('')

    const answer = await t.client.call('user/avatar', { imageId: mine })
    expect(answer.body).toMatchObject({ code: 200, data: { id, avatar: mine } })
    // The avatar is a key like a cover's: served under the IMAGE domain's path.
    expect((await t.app.inject(`/img/${mine}`)).statusCode).toBe(200)
    const info = await t.client.call('user/info', {})
    expect(info.body.data).toMatchObject({ avatar: mine })
  })
})
