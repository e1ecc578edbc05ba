// Slice 2 of Monaco (load-monaco.ts): the text model.
import 'monaco-editor/editor/common/model/textModel';
