/**
 * Monaco's modules, run in slices with the page given its turn between them.
 *
 * Importing the editor in one step ran all of Monaco's modules (~2.4 MB of code) in one
 * main-thread task: 295-338 ms of CPU time on the first load of the claim lab, the SQL sandbox
 * and Compare designs (`npm run bench:tasks`, docs/performance.md). Each slice imports a layer
 * of Monaco beneath the next one, so each import runs only the modules the slices before it did
 * not, in a task of its own; the last import, the editor component, finds most of Monaco run.
 */
const SLICES: readonly (() => Promise<unknown>)[] = [
  () => import('./monaco-slices/base'),
  () => import('./monaco-slices/model'),
  () => import('./monaco-slices/view'),
  () => import('./monaco-slices/services'),
  () => import('./monaco-slices/api'),
  () => import('./monaco-api'),
];

/** Lets the page handle input and paint before the next slice runs. */
function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The editor component (monaco-editor.tsx), once Monaco has run slice by slice. */
export async function loadMonacoEditor() {
  for (const slice of SLICES) {
    await slice();
    await yieldToPage();
  }
  return import('./monaco-editor');
}
