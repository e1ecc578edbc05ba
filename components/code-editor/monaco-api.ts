// The parts of Monaco the app's editors use, instead of `monaco-editor`'s main entry, which
// registers about eighty languages, the CSS, HTML and JSON language services, an LSP client and
// every editor contribution (the diff editor, colour picker, sticky scroll, …).
//
// Languages: SQL (the SQL sandbox, the compare lab's custom design) and TypeScript (the claim
// lab), with JavaScript, which Monaco's TypeScript service also registers. A new editor language
// goes into `EditorLanguage` (types.ts) and here.
import * as api from 'monaco-editor/editor/editor.api';
import * as typescript from 'monaco-editor/languages/features/typescript/register';
import 'monaco-editor/languages/definitions/sql/register';
import 'monaco-editor/languages/definitions/typescript/register';
import 'monaco-editor/languages/definitions/javascript/register';

// What a learner does in a small editor: type, select and move (core commands, word and line
// operations, multiple cursors), undo, clipboard and the context menu, comment lines, indent,
// find and replace, completions and parameter hints, hovers and the problems under them (F8 moves
// to the next one), the TypeScript quick fixes, the command palette (F1) and Ctrl+G, and the
// keyboard and screen reader support (Ctrl+M makes Tab leave the editor; read-only and
// unusual-character notices). Left out: the diff editor, folding, sticky scroll, code lens,
// colour picker, links, inlay hints, rename and go-to-definition (single short programs).
import 'monaco-editor/editor/browser/coreCommands';
import 'monaco-editor/editor/browser/widget/codeEditor/codeEditorWidget';
import 'monaco-editor/editor/contrib/bracketMatching/browser/bracketMatching';
import 'monaco-editor/editor/contrib/caretOperations/browser/caretOperations';
import 'monaco-editor/editor/contrib/caretOperations/browser/transpose';
import 'monaco-editor/editor/contrib/clipboard/browser/clipboard';
import 'monaco-editor/editor/contrib/codeAction/browser/codeActionContributions';
import 'monaco-editor/editor/contrib/comment/browser/comment';
import 'monaco-editor/editor/contrib/contextmenu/browser/contextmenu';
import 'monaco-editor/editor/contrib/cursorUndo/browser/cursorUndo';
import 'monaco-editor/features/find/register';
import 'monaco-editor/editor/contrib/find/browser/findController';
import 'monaco-editor/editor/contrib/gotoError/browser/gotoError';
import 'monaco-editor/editor/contrib/gotoError/browser/markerSelectionStatus';
import 'monaco-editor/editor/contrib/hover/browser/hoverContribution';
import 'monaco-editor/editor/contrib/indentation/browser/indentation';
import 'monaco-editor/editor/contrib/lineSelection/browser/lineSelection';
import 'monaco-editor/editor/contrib/linesOperations/browser/linesOperations';
import 'monaco-editor/editor/contrib/multicursor/browser/multicursor';
import 'monaco-editor/editor/contrib/parameterHints/browser/parameterHints';
import 'monaco-editor/editor/contrib/readOnlyMessage/browser/contribution';
import 'monaco-editor/editor/contrib/smartSelect/browser/smartSelect';
import 'monaco-editor/editor/contrib/snippet/browser/snippetController2';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/editor/contrib/toggleTabFocusMode/browser/toggleTabFocusMode';
import 'monaco-editor/editor/contrib/unicodeHighlighter/browser/unicodeHighlighter';
import 'monaco-editor/editor/contrib/unusualLineTerminators/browser/unusualLineTerminators';
import 'monaco-editor/editor/contrib/wordHighlighter/browser/wordHighlighter';
import 'monaco-editor/editor/contrib/wordOperations/browser/wordOperations';
import 'monaco-editor/editor/contrib/wordPartOperations/browser/wordPartOperations';
import 'monaco-editor/editor/standalone/browser/quickAccess/standaloneCommandsQuickAccess';
import 'monaco-editor/editor/standalone/browser/quickAccess/standaloneGotoLineQuickAccess';
import 'monaco-editor/editor/common/standaloneStrings';
import 'monaco-editor/features/codicon/register';

/** Monaco's editor API and its TypeScript service: all the app's editors use of Monaco. */
export const monaco = { ...api, typescript };
export type MonacoApi = typeof monaco;
