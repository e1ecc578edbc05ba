// A build loader (next.config.ts, turbopack.rules) for one file of monaco-editor:
// esm/vs/internal/common/workers.js. Monaco's TypeScript service creates its worker through that
// file, which also imports every editor contribution for its side effects (sticky scroll, the
// colour picker, the diff editor, code lens, …): the claim lab then loaded all of them, about
// 520 kB, whatever components/code-editor/monaco-api.ts chose. This drops those side-effect-only
// imports and keeps every import that binds a name (the editor API it calls) and all the code.
// If a Monaco upgrade changes the file, scripts/monaco-slim-workers.test.ts fails.

/** Removes the side-effect-only imports (`import '../../…';`) from Monaco's workers.js. */
function slimWorkers(source) {
  return source.replace(/^import '\.\.\/\.\.\/[^']+';\n/gm, '');
}

module.exports = function monacoSlimWorkers(source) {
  return slimWorkers(source);
};
module.exports.slimWorkers = slimWorkers;
