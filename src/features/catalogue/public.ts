/** What other features use of the catalogue: home's first-reads test renders home as its route composes it. */
export { HomeCatalogue, startHomeCatalogueAtom } from './home-catalogue.tsx'
/** Other features' screen tests build their lists as their routes compose them. */
export { createPagedList } from './paged-list.ts'
