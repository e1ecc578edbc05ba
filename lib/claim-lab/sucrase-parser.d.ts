// Sucrase ships its parser without declarations for these paths; only what the lab uses
// (transpile.ts: the module keywords; async-escapes.ts: functions, arrows and catch clauses).
declare module 'sucrase/dist/parser/index.js' {
  export function parse(
    input: string,
    isJSXEnabled: boolean,
    isTypeScriptEnabled: boolean,
    isFlowEnabled: boolean,
  ): {
    tokens: { type: number; start: number; end: number; contextualKeyword: number }[];
    scopes: { startTokenIndex: number; endTokenIndex: number; isFunctionScope: boolean }[];
  };
}
declare module 'sucrase/dist/parser/tokenizer/types.js' {
  export const TokenType: {
    readonly _import: number;
    readonly _export: number;
    readonly _catch: number;
    readonly _async: number;
    readonly _function: number;
    readonly name: number;
    readonly string: number;
    readonly num: number;
    readonly star: number;
    readonly arrow: number;
    readonly parenL: number;
    readonly parenR: number;
    readonly bracketL: number;
    readonly bracketR: number;
    readonly braceL: number;
    readonly braceR: number;
    readonly braceBarL: number;
    readonly braceBarR: number;
    readonly dollarBraceL: number;
  };
}
declare module 'sucrase/dist/parser/tokenizer/keywords.js' {
  export const ContextualKeyword: { readonly _async: number };
}
