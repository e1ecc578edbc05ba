// Slice 5 of Monaco (load-monaco.ts): the editor API.
import 'monaco-editor/editor/editor.api';
