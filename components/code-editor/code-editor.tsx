'use client';

import dynamic from 'next/dynamic';
import { useCallback, useEffect, useState } from 'react';
import { CodePreview } from './code-preview';
import { loadMonacoEditor } from './load-monaco';
import type { CodeEditorProps } from './types';

/** Same size as the editor, so the page does not jump when Monaco arrives. */
export function EditorPlaceholder({
  height = 320,
  label,
}: {
  height?: number | string;
  label: string;
}) {
  return (
    <div
      role="status"
      aria-label={`${label}: loading the editor`}
      style={{ height }}
      className="flex items-center justify-center rounded-md border border-line bg-surface-2 text-sm text-muted"
    >
      Loading the editor…
    </div>
  );
}

// While Monaco loads (in slices, load-monaco.ts), CodeEditor shows the code itself (CodePreview)
// over the editor's place.
const LazyMonaco = dynamic(() => loadMonacoEditor(), {
  ssr: false,
  loading: () => null,
});

/**
 * A Monaco editor bundled from the local monaco-editor package and loaded only when a page
 * shows it. Ctrl/Cmd+Enter calls onRun. The wrapper's `data-ready` turns "true" once Monaco has
 * mounted with its model: the signal tests (and anything else) wait on instead of a timer.
 */
export function CodeEditor(props: CodeEditorProps) {
  const [mounted, setMounted] = useState(false);
  const [ready, setReady] = useState(false);
  const { onReady, load = true, ...editorProps } = props;
  const [loading, setLoading] = useState(false);
  // The line for text the editor did not take (too long); gone with the next edit it takes.
  const [refused, setRefused] = useState<string | null>(null);
  const { onChange } = editorProps;
  const handleChange = useCallback(
    (next: string) => {
      setRefused(null);
      onChange(next);
    },
    [onChange],
  );
  useEffect(() => {
    if (!load || loading) return undefined;
    // Start the editor's download when the page is idle, after what the learner needs first.
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => setLoading(true), { timeout: 1_000 });
    return () => cancel(handle);
  }, [load, loading]);
  const handleReady = useCallback<NonNullable<CodeEditorProps['onReady']>>(
    (editor, monaco) => {
      setMounted(true);
      if (editor.getModel()) setReady(true);
      onReady?.(editor, monaco);
    },
    [onReady],
  );
  return (
    <>
      <div
        className="relative overflow-hidden rounded-md border border-line"
        style={{ height: (props.height ?? 320) + 2 }}
        data-testid="code-editor"
        data-ready={ready ? 'true' : 'false'}
      >
        {loading ? (
          <LazyMonaco
            {...editorProps}
            onChange={handleChange}
            onReady={handleReady}
            onInputRefused={setRefused}
          />
        ) : null}
        {mounted ? null : (
          <div className="absolute inset-0">
            <CodePreview value={props.value} language={props.language} label={props.label} />
          </div>
        )}
      </div>
      {refused ? (
        <p role="alert" className="mt-2 rounded-md border border-bad px-3 py-2 text-sm text-bad">
          {refused}
        </p>
      ) : null}
    </>
  );
}

export type { CodeEditorProps, EditorLanguage, EditorMarker } from './types';
