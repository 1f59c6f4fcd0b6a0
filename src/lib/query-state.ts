/** A server read as a feature atom holds it (STYLE.md: query atoms). */
export type QueryState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'success'; data: T; refreshing?: boolean }
  | { status: 'error'; message: string }
