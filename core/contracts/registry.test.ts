import { describe, expect, it } from 'vitest'
import { CALLS } from './registry.ts'

/**
 * Every call the product defines, with whether it needs a session: the protocol's call list
 * (docs/protocol.md) plus our additions. A name is answered by the registry or waits in NOT_YET;
 * the work that builds a call moves it from one to the other.
 */
const OPEN = [
  'custom/getEndpoint',
  'content/info',
  'login/account/login',
  'login/account/register',
  'login/before',
  'login/bindMobile',
  'login/captcha',
  'login/guest',
  'login/official',
  'ping/announcement',
  'ping/check',
  'ping/config',
  'redeem/exchange',
  'redeem/list',
  'upload/images',
  'user/logout',
  'user/online/time',
  'user/qrcode/info',
]
const SECURED = [
  'advertise/click',
  'aicustomerservice/list',
  'card/list',
  // Listed as open by the original protocol; a favourite belongs to a user, so these need a session.
  'collect/delete',
  'collect/operate',
  'comment/add',
  'comment/list',
  'feedback/add',
  'gold/paytypeinfo',
  'login/phone',
  'media/actor/details',
  'media/collect/details',
  'media/collect/home',
  'media/collect/pay',
  'media/home',
  'media/hotSearchs/list',
  'media/like',
  'media/pay',
  'media/play',
  'media/published',
  'media/recommend',
  'media/short/recommend',
  'media/tag/details',
  'media/topic/details',
  'media/trackList',
  'message/latest',
  'message/list',
  'ping/contact',
  'post/detail',
  'post/list',
  'post/mypublish',
  'post/pay',
  'post/publish',
  'recharge/history',
  'recharge/submit',
  'redeem/history',
  'redeemcode/list',
  'redeemcode/use',
  'search/details',
  'search/hot',
  'upblogers/cares',
  'upblogers/info',
  'upblogers/list',
  'upload/img',
  'user/avatar',
  'user/changeMobile',
  'user/changePassword',
  'user/info',
  'user/info/modify',
  'user/invite/income',
  'user/list',
  'user/qrcode',
  'user/redeem',
  'usertask/get',
  'usertask/list',
  // Our additions.
  'collect/list',
  'comment/like',
  'feedback/list',
  'media/bought',
  'media/history',
  'points/levels',
  'post/like',
  'recharge/status',
  'report/add',
  'user/block',
  'user/sessions',
  'upblogers/followed',
  'upload/video',
  'user/sessions/revoke',
  'wallet/ledger',
]
const GET = ['ping/check', 'ping/config', 'ping/contact']
/** simple-uploader's chunks: POST multipart plus the GET check at the same URL. */
const MULTIPART = ['upload/img', 'upload/images', 'upload/video']

/** Defined but not built yet. */
const NOT_YET: string[] = []

/**
 * The calls the app may send again after getting no answer (src/lib/http.ts): reads, and repeats
 * that harm nothing (search/details counts the keyword again; message/list marks read again;
 * media/play hands out a play token). Every other call may have run on the server when its answer
 * was lost — points debited, an order placed, a post published — so it is sent once. Adding a
 * name here is a decision about duplicates, not a formality.
 */
const IDEMPOTENT = [
  'aicustomerservice/list',
  'card/list',
  'collect/list',
  'comment/list',
  'content/info',
  'custom/getEndpoint',
  'feedback/list',
  'gold/paytypeinfo',
  'login/before',
  'media/actor/details',
  'media/bought',
  'media/collect/details',
  'media/collect/home',
  'media/history',
  'media/home',
  'media/hotSearchs/list',
  'media/play',
  'media/published',
  'media/recommend',
  'media/short/recommend',
  'media/tag/details',
  'media/topic/details',
  'message/latest',
  'message/list',
  'ping/announcement',
  'ping/check',
  'ping/config',
  'ping/contact',
  'points/levels',
  'post/detail',
  'post/list',
  'post/mypublish',
  'recharge/history',
  'recharge/status',
  'redeem/history',
  'redeem/list',
  'redeemcode/list',
  'search/details',
  'search/hot',
  'upblogers/followed',
  'upblogers/info',
  'upblogers/list',
  'user/info',
  'user/invite/income',
  'user/list',
  'user/sessions',
  'usertask/list',
  'wallet/ledger',
]

describe('the call registry', () => {
  const registered = CALLS.map((call) => call.name)
  const defined = [...OPEN, ...SECURED]

  it('has one entry per name', () => {
    expect(new Set(registered).size).toBe(registered.length)
  })

  it('answers every defined call or lists it as not built yet, never both', () => {
    const missing = defined.filter((name) => !registered.includes(name) && !NOT_YET.includes(name))
    expect(missing).toEqual([])
    expect(NOT_YET.filter((name) => registered.includes(name))).toEqual([])
    expect(NOT_YET.filter((name) => !defined.includes(name))).toEqual([])
  })

  it('answers no name outside the definition', () => {
    expect(registered.filter((name) => !defined.includes(name))).toEqual([])
  })

  it('secures, routes and carries each call as defined', () => {
    for (const call of CALLS) {
      expect(call.secured, call.name).toBe(SECURED.includes(call.name))
      expect(call.method, call.name).toBe(GET.includes(call.name) ? 'GET' : 'POST')
      expect(call.transport, call.name).toBe(MULTIPART.includes(call.name) ? 'multipart' : 'json')
      expect(call.idempotent, call.name).toBe(IDEMPOTENT.includes(call.name))
    }
  })
})
