'use client';

import Editor, { loader, type OnMount } from '@monaco-editor/react';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type * as Monaco from 'monaco-editor';
import { monaco } from './monaco-api';
import { boundCompositionText, boundEditorInput, boundInputEvents } from './input-bound';
import { installMonacoEnvironment } from './monaco-environment';
import { DARK_THEME, defineEditorThemes, LIGHT_THEME } from './themes';
import type { CodeEditorProps } from './types';

// Use the locally bundled Monaco; @monaco-editor/react would otherwise fetch it from a CDN.
installMonacoEnvironment();
loader.config({ monaco });
defineEditorThemes(monaco);

const MARKER_OWNER = 'lesson';

/**
 * Input that can bring many characters in one event: an IME's commit, a drop, a keyboard that
 * inserts a whole word or a pasted line. (A clipboard paste has its own event, which Monaco
 * already handles as one edit.)
 */
const BULK_INPUT_TYPES = new Set(['insertText', 'insertReplacementText', 'insertFromDrop']);

/**
 * Takes text that arrives in one input event as one edit. Monaco types such text one character
 * at a time, each a model change of its own with its own change event (to auto-close brackets
 * and indent after each Enter): 'SELECT 1;\n' x 1,000 was 10,000 edits and a 3.6 s task, x 3,000
 * a 31 s one. One character keeps Monaco's path (brackets, indentation); more goes in as a
 * paste: one edit, one change event, one undo step.
 */
function takeBulkInputAsOneEdit(editor: Monaco.editor.IStandaloneCodeEditor): () => void {
  const node = editor.getContainerDomNode();
  const onBeforeInput = (event: InputEvent) => {
    if (!BULK_INPUT_TYPES.has(event.inputType) || event.isComposing || !event.cancelable) return;
    // Only the text itself: the find widget's and other widgets' inputs sit in the same node.
    if (!editor.hasTextFocus()) return;
    const text = event.data ?? event.dataTransfer?.getData('text/plain') ?? '';
    if (text.length < 2 || editor.getOption(monaco.editor.EditorOption.readOnly)) return;
    event.preventDefault();
    editor.trigger('keyboard', 'paste', { text });
  };
  node.addEventListener('beforeinput', onBeforeInput, true);
  return () => node.removeEventListener('beforeinput', onBeforeInput, true);
}

function subscribeDark(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}
const isDark = () => document.documentElement.classList.contains('dark');

/**
 * The real Monaco editor; loaded lazily by CodeEditor. `onInputRefused` gets the line for text
 * the editor did not take (input-bound.ts).
 */
export default function MonacoEditor({
  value,
  onChange,
  language,
  label,
  height = 320,
  markers = [],
  onRun,
  extraLib,
  onReady,
  onInputRefused,
}: CodeEditorProps & { onInputRefused: (line: string) => void }) {
  const editorRef = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const onRunRef = useRef(onRun);
  const onRefusedRef = useRef(onInputRefused);
  const dark = useSyncExternalStore(subscribeDark, isDark, () => false);

  useEffect(() => {
    onRunRef.current = onRun;
    onRefusedRef.current = onInputRefused;
  }, [onRun, onInputRefused]);

  useEffect(() => {
    if (!extraLib) return;
    const disposable = monaco.typescript.typescriptDefaults.addExtraLib(
      extraLib.content,
      extraLib.path,
    );
    return () => disposable.dispose();
  }, [extraLib]);

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model) return;
    monaco.editor.setModelMarkers(
      model,
      MARKER_OWNER,
      markers.map((m) => {
        const line = Math.min(Math.max(1, m.line), model.getLineCount());
        return {
          startLineNumber: line,
          endLineNumber: line,
          startColumn: m.column ?? (model.getLineFirstNonWhitespaceColumn(line) || 1),
          endColumn: m.endColumn ?? model.getLineMaxColumn(line),
          message: m.message,
          severity:
            m.severity === 'warning' ? monaco.MarkerSeverity.Warning : monaco.MarkerSeverity.Error,
        };
      }),
    );
  }, [markers]);

  const handleMount: OnMount = (editor) => {
    editorRef.current = editor;
    // Monaco fetches its icon font only when an icon first shows (a suggestion list, say).
    // Load it now, so an editor that has loaded keeps working offline.
    void document.fonts?.load('16px codicon').catch(() => undefined);
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => onRunRef.current?.());
    editor.onDidDispose(takeBulkInputAsOneEdit(editor));
    const refused = (line: string) => onRefusedRef.current(line);
    editor.onDidDispose(boundEditorInput(editor, refused));
    editor.onDidDispose(boundInputEvents(editor, refused));
    editor.onDidDispose(boundCompositionText(editor, refused));
    onReady?.(editor, monaco);
  };

  return (
    <Editor
      height={height}
      language={language}
      value={value}
      theme={dark ? DARK_THEME : LIGHT_THEME}
      onChange={(next) => onChange(next ?? '')}
      onMount={handleMount}
      loading={<div style={{ height }} aria-hidden="true" />}
      options={{
        ariaLabel: label,
        minimap: { enabled: false },
        fontSize: 14,
        scrollBeyondLastLine: false,
        automaticLayout: true,
        tabSize: 2,
        wordWrap: 'on',
        accessibilitySupport: 'auto',
        fixedOverflowWidgets: true,
        // Monaco's textarea input, not its EditContext input (0.57's default). Measured in
        // Chromium 156 (`npm run bench:editor-input`, docs/security.md section 10): with
        // EditContext an input method's composition of 1 MB was a task of 1.3 s of CPU time, 5 MB
        // 6.5 s (Chromium's own work on the composition, then Monaco's character bounds for every
        // composed character), and no script can refuse it earlier; the textarea with the
        // composition bound (input-bound.ts) refuses the same text in 0.8 s and 4.1-4.5 s.
        editContext: false,
      }}
    />
  );
}
