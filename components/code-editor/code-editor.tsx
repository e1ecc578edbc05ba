'use client';

import dynamic from 'next/dynamic';
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

// The placeholder fills the wrapper, which already has the editor's height (see below).
const LazyMonaco = dynamic(() => import('./monaco-editor'), {
  ssr: false,
  loading: () => <EditorPlaceholder label="Code editor" height="100%" />,
});

/**
 * A Monaco editor bundled from the local monaco-editor package and loaded only when a page
 * shows it. Ctrl/Cmd+Enter calls onRun.
 */
export function CodeEditor(props: CodeEditorProps) {
  return (
    <div
      className="overflow-hidden rounded-md border border-line"
      style={{ height: (props.height ?? 320) + 2 }}
      data-testid="code-editor"
    >
      <LazyMonaco {...props} />
    </div>
  );
}

export type { CodeEditorProps, EditorLanguage, EditorMarker } from './types';
