import 'monaco-editor/editor/editor.worker.js';
