// core/ compiles without DOM or Node typings so that neither leaks in. These few WHATWG
// globals exist in every runtime core/ runs in (browsers, service workers, Node ≥ 18),
// so they are declared here by hand rather than pulling in a whole lib.
declare class TextEncoder {
  encode(input?: string): Uint8Array<ArrayBuffer>
}
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean })
  decode(input?: Uint8Array): string
}
declare function btoa(data: string): string
declare function atob(data: string): string
