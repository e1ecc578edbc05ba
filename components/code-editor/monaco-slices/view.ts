// Slice 3 of Monaco (load-monaco.ts): the editor widget and its view.
import 'monaco-editor/editor/browser/widget/codeEditor/codeEditorWidget';
