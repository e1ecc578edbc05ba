// Slice 4 of Monaco (load-monaco.ts): the standalone editor's services.
import 'monaco-editor/editor/standalone/browser/standaloneServices';
