// The WHATWG URL parser exists in every runtime core/ runs in (browsers, service workers,
// Node ≥ 10), but core/ compiles without DOM or Node typings. Declaring URL globally in
// runtime-globals.d.ts would merge with lib.dom's declaration in src/ and sw/, so the few
// members used here are typed locally instead. Parsing hosts by hand is not an option:
// `https://evil.example\@land.example/` has host evil.example to a browser.

interface WebUrlSearchParams {
  set(name: string, value: string): void
}

/** The members of WHATWG `URL` that core/links reads. */
export interface WebUrl {
  readonly protocol: string
  readonly hostname: string
  readonly origin: string
  readonly pathname: string
  readonly search: string
  readonly hash: string
  readonly href: string
  readonly searchParams: WebUrlSearchParams
}

type WebUrlConstructor = new (url: string, base?: string) => WebUrl

const WebUrlClass = (globalThis as unknown as { URL: WebUrlConstructor }).URL

/** The parsed absolute URL, or undefined when the text is not one. */
export function parseWebUrl(text: string): WebUrl | undefined {
  try {
    return new WebUrlClass(text)
  } catch {
    return undefined
  }
}

/** True for http: and https: URLs, the only ones the app opens or decorates. */
export function isHttpUrl(url: WebUrl): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:'
}
