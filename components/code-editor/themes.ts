import type { MonacoApi } from './monaco-api';

// Monaco's stock themes colour some tokens (comments, numbers) below WCAG AA contrast. These
// keep the familiar look but lift every token colour to at least 4.5:1 on the background.
export const LIGHT_THEME = 'lesson-light';
export const DARK_THEME = 'lesson-dark';

export function defineEditorThemes(monaco: MonacoApi): void {
  monaco.editor.defineTheme(LIGHT_THEME, {
    base: 'vs',
    inherit: true,
    rules: [
      { token: 'comment', foreground: '3f6e3f' },
      { token: 'number', foreground: '0b6e4f' },
      { token: 'string', foreground: '9b2c1a' },
      { token: 'string.sql', foreground: '9b2c1a' },
      { token: 'keyword', foreground: '0b4fb3' },
      { token: 'operator', foreground: '333333' },
      { token: 'operator.sql', foreground: '4a4a4a' },
      { token: 'predefined', foreground: '7a3e9d' },
      { token: 'predefined.sql', foreground: '7a3e9d' },
      { token: 'type', foreground: '1f6f8b' },
    ],
    colors: { 'editor.background': '#ffffff', 'editorLineNumber.foreground': '#6b6b6b' },
  });
  monaco.editor.defineTheme(DARK_THEME, {
    base: 'vs-dark',
    inherit: true,
    rules: [
      { token: 'comment', foreground: '9ccc8c' },
      { token: 'number', foreground: 'c8e6b4' },
      { token: 'string', foreground: 'f2b48c' },
      { token: 'string.sql', foreground: 'f2b48c' },
      { token: 'keyword', foreground: '8cc4ff' },
      { token: 'operator', foreground: 'd4d4d4' },
      { token: 'operator.sql', foreground: 'c8d0d8' },
      { token: 'predefined', foreground: 'e6dfa3' },
      { token: 'predefined.sql', foreground: 'e6dfa3' },
      { token: 'type', foreground: '7fd8c8' },
    ],
    colors: { 'editor.background': '#1e1e1e', 'editorLineNumber.foreground': '#a0a0a0' },
  });
}
