import type * as Monaco from 'monaco-editor';
import type { MonacoApi } from './monaco-api';

export type EditorLanguage = 'sql' | 'typescript' | 'javascript';

/** A problem to underline in the editor (1-based lines and columns). */
export interface EditorMarker {
  line: number;
  message: string;
  severity?: 'error' | 'warning';
  column?: number;
  endColumn?: number;
}

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  language: EditorLanguage;
  /** The accessible name of the editing area. */
  label: string;
  height?: number;
  markers?: readonly EditorMarker[];
  /** Called on Ctrl/Cmd+Enter. */
  onRun?: () => void;
  /** Extra TypeScript declarations (a lab's API), for autocomplete and type errors. */
  extraLib?: { content: string; path: string };
  /**
   * False keeps Monaco from loading yet (the highlighted code shows meanwhile); it starts loading
   * when this turns true, in the browser's next idle moment. Default true.
   */
  load?: boolean;
  /** Called with the editor and Monaco once mounted, for features that need more. */
  onReady?: (editor: Monaco.editor.IStandaloneCodeEditor, monaco: MonacoApi) => void;
}
