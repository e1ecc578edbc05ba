import type * as Monaco from 'monaco-editor';
import type { EditorMarker } from '@/components/code-editor/code-editor';
import type { MonacoApi } from '@/components/code-editor/monaco-api';

/**
 * The editor's TypeScript settings for lab programs: strict, the ES2022 library without the DOM
 * (so `print` and names like `status` mean the lab's, not the window's), every file a module.
 * Returns a function that puts the previous settings back.
 */
export function configureLabTypeScript(monaco: MonacoApi): () => void {
  const defaults = monaco.typescript.typescriptDefaults;
  const previous = defaults.getCompilerOptions();
  defaults.setCompilerOptions({
    strict: true,
    target: monaco.typescript.ScriptTarget.ESNext,
    lib: ['es2022'],
    noEmit: true,
    allowNonTsExtensions: true,
    moduleDetection: 3, // force: top-level names stay local to the program
  });
  return () => defaults.setCompilerOptions(previous);
}

interface MessageChain {
  messageText: string;
  next?: MessageChain[];
}

function flatten(message: string | MessageChain): string {
  if (typeof message === 'string') return message;
  return [message.messageText, ...(message.next ?? []).map(flatten)].join(' ');
}

/**
 * Asks Monaco's TypeScript worker for the program's current errors (fresh, not the debounced
 * squiggles). Resolves null when the worker does not answer in time, so a slow start never
 * blocks a run.
 */
export async function typeErrors(
  editor: Monaco.editor.IStandaloneCodeEditor,
  monaco: MonacoApi,
  timeoutMs = 8_000,
): Promise<EditorMarker[] | null> {
  const model = editor.getModel();
  if (!model) return null;
  const ask = (async () => {
    const getWorker = await monaco.typescript.getTypeScriptWorker();
    const worker = await getWorker(model.uri);
    const file = model.uri.toString();
    const [syntactic, semantic] = await Promise.all([
      worker.getSyntacticDiagnostics(file),
      worker.getSemanticDiagnostics(file),
    ]);
    return [...syntactic, ...semantic]
      .filter((d) => d.category === 1)
      .map((d): EditorMarker => {
        const position = model.getPositionAt(d.start ?? 0);
        return { line: position.lineNumber, message: flatten(d.messageText) };
      })
      .sort((a, b) => a.line - b.line);
  })();
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs));
  return Promise.race([ask, late]);
}
