/** What other features use of ads: home's first screen preloads the carousel's first slide. */
export { homeCarouselAds } from './home-ad-slots.ts'
/** Other screens open their links (messages' links) by the same rules as an ad's target, without counting a click. */
export { useOpenAd } from './use-open-ad.ts'
