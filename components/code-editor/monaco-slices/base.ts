// Slice 1 of Monaco (load-monaco.ts): the base library and the editor's base API.
import 'monaco-editor/editor/common/services/editorBaseApi';
