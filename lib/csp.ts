/**
 * The app's Content-Security-Policy, written once and rendered as a <meta> tag on every page
 * (a meta tag works on any static host; see docs/security.md for why each source is here).
 * Workers started from blob: URLs inherit it (lib/worker/page-policy.ts), so it holds for
 * learner code in the claim lab as well as for the page.
 */
export const CSP_DIRECTIVES = {
  // Anything not named below: this origin only.
  'default-src': ["'self'"],
  // 'unsafe-inline': the static export's inline bootstrap (Next streams the page's data as
  // inline <script> tags, and the theme script must run before the first paint); a static
  // host cannot add nonces. 'unsafe-eval': the claim lab worker's lock-down makes its function
  // kinds with the Function constructor (the learner's program itself runs in QuickJS since
  // issue 42). 'wasm-unsafe-eval': SQLite (sql.js) and QuickJS are WebAssembly, compiled in the
  // workers and on the journal pages.
  'script-src': ["'self'", "'unsafe-inline'", "'unsafe-eval'", "'wasm-unsafe-eval'"],
  // Tailwind's stylesheet is a file, but React and Monaco set inline styles.
  'style-src': ["'self'", "'unsafe-inline'"],
  // Route payloads, the SQLite and QuickJS WASM, the service worker's manifest: all from this origin.
  'connect-src': ["'self'"],
  // Monaco's icon font is a file of this origin.
  'font-src': ["'self'"],
  // The site icon; data: for small inline images some components draw.
  'img-src': ["'self'", 'data:'],
  'media-src': ["'none'"],
  // blob:: every worker starts from a blob: script so that it inherits this policy.
  'worker-src': ["'self'", 'blob:'],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
} as const satisfies Record<string, readonly string[]>;

/** The policy as the content of a Content-Security-Policy header or meta tag. */
export function cspText(directives: Record<string, readonly string[]> = CSP_DIRECTIVES): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
