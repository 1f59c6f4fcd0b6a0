import { describe, expect, it } from 'vitest'
import { resolveLink, type LinkContext, type ResolvedLink } from './resolve-link.ts'

const ctx: LinkContext = { appOrigins: ['http://127.0.0.1:8080'], token: 'T', operatorHosts: ['land.example'] }
const internal = (path: string): ResolvedLink => ({ kind: 'internal', path })
const external = (url: string): ResolvedLink => ({ kind: 'external', url })
const none: ResolvedLink = { kind: 'none' }

describe('resolveLink', () => {
  it.each<[string | null | undefined, ResolvedLink]>([
    // Scheme values
    ['read_xty_video?id=3', internal('/play/longVideo?id=3')],
    ['read_xty_home?index=2', internal('/lld')],
    ['read_xty_unknown', internal('/notFound')],
    // App paths
    ['/topicList?id=1&name=%E7%83%AD', internal('/topicList?id=1&name=%E7%83%AD')],
    ['/mine/vip#x', internal('/mine/vip#x')],
    ['/no/such/page', internal('/no/such/page')],
    ['mine/vip', internal('/mine/vip')],
    ['./mine/vip', internal('/mine/vip')],
    ['/dating/picDetail?id=1', internal('/notFound')],
    ['/Dating', internal('/notFound')],
    ['/datingless', internal('/datingless')],
    // Absolute links
    ['http://127.0.0.1:8080/play/longVideo?id=2#c', internal('/play/longVideo?id=2#c')],
    ['http://127.0.0.1:8080', internal('/')],
    ['http://127.0.0.1:8080/dating/x', internal('/notFound')],
    ['http://127.0.0.1:9090/x', external('http://127.0.0.1:9090/x')],
    ['https://other.example/a?token=', external('https://other.example/a?token=')],
    ['https://land.example/a?token=', external('https://land.example/a?token=T')],
    ['//land.example/a', external('https://land.example/a?token=T')],
    ['HTTPS://Other.Example/a', external('https://other.example/a')],
    // Nothing to open
    ['', none],
    ['   ', none],
    [null, none],
    [undefined, none],
    ['javascript:alert(1)', none],
    ['JavaScript:alert(1)', none],
    ['data:text/html,<script>1</script>', none],
    ['mailto:a@b.example', none],
    ['https://', none],
    ['http://127.0.0.1:8080//evil.example/x', none],
    ['/\\evil.example', none],
    ['/\t/evil.example', none],
  ])('%j', (text, expected) => {
    expect(resolveLink(text, ctx)).toEqual(expected)
  })

  it('works without a context: no app origins, no token', () => {
    expect(resolveLink('http://127.0.0.1:8080/mine')).toEqual(external('http://127.0.0.1:8080/mine'))
    expect(resolveLink('https://land.example/a?token=')).toEqual(external('https://land.example/a?token='))
    expect(resolveLink('/mine')).toEqual(internal('/mine'))
  })
})
