/** What other features use of ads: home's first screen preloads the carousel's first slide. */
export { homeCarouselAds } from './home-ad-slots.ts'
