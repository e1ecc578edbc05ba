// Sucrase ships its parser without declarations for these paths; only what transpile.ts uses.
declare module 'sucrase/dist/parser/index.js' {
  export function parse(
    input: string,
    isJSXEnabled: boolean,
    isTypeScriptEnabled: boolean,
    isFlowEnabled: boolean,
  ): { tokens: { type: number; start: number; end: number }[] };
}
declare module 'sucrase/dist/parser/tokenizer/types.js' {
  export const TokenType: { readonly _import: number; readonly _export: number };
}
