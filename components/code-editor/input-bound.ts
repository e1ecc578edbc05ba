import type * as Monaco from 'monaco-editor';

/**
 * The most characters an editor holds (issue 42, point 2). One input event of 1 MB (a paste, a
 * drop, an IME commit) was a main-thread task of 300 ms to 3.4 s in the claim lab and the SQL
 * sandbox; the whole of one 200,000-character text 112-126 ms. The SQL console runs scripts of
 * up to 100,000 characters and the claim lab programs of up to 50,000, so nothing runnable is
 * refused, and a learner can paste a program too long to run and still trim it in the editor.
 */
export const EDITOR_MAX_CHARS = 100_000;

/** The handlers of Monaco's `trigger` that put text into the model, and where their text is. */
const TEXT_HANDLERS: Readonly<Record<string, true>> = {
  type: true,
  paste: true,
  compositionType: true,
  replacePreviousChar: true,
};

const count = (n: number) => n.toLocaleString('en-US');

/** The one line for text an editor did not take. */
export function refusedInputLine(added: number, wouldBe: number): string {
  return `Not added: ${count(added)} ${added === 1 ? 'character' : 'characters'} would make this text ${count(wouldBe)} long; the editor holds at most ${count(EDITOR_MAX_CHARS)}. What you had is kept.`;
}

/**
 * Refuses text that would take the editor past EDITOR_MAX_CHARS before Monaco takes any of it.
 *
 * Every way text enters a Monaco editor from the learner goes through the editor's `trigger`:
 * the view hands a keystroke, an IME commit, a paste and the editor's textarea input to the
 * core commands `type`, `compositionType`, `replacePreviousChar` and `paste`, which call
 * `editor.trigger('keyboard', …)` (monaco-editor 0.57, browser/coreCommands.js,
 * EditorHandlerCommand), and a script calls it directly. So the guard wraps this one editor's
 * `trigger`: it reads the text's length (never the text) and the length of the selections it
 * replaces, and either passes the call on unchanged or drops it and calls `onRefused` with the
 * line to show. Returns the function that takes the guard off.
 */
export function boundEditorInput(
  editor: Monaco.editor.IStandaloneCodeEditor,
  onRefused: (line: string) => void,
): () => void {
  const trigger = editor.trigger;
  const guarded: typeof trigger = function (this: unknown, source, handlerId, payload) {
    const text = TEXT_HANDLERS[handlerId] ? (payload as { text?: unknown } | null)?.text : null;
    const model = editor.getModel();
    if (typeof text === 'string' && model) {
      const selections = editor.getSelections() ?? [];
      let replaced = 0;
      for (const s of selections) replaced += model.getValueLengthInRange(s);
      const wouldBe =
        model.getValueLength() - replaced + text.length * Math.max(1, selections.length);
      if (wouldBe > EDITOR_MAX_CHARS && text.length > 0) {
        onRefused(refusedInputLine(text.length, wouldBe));
        return;
      }
    }
    return trigger.call(editor, source, handlerId, payload);
  };
  editor.trigger = guarded;
  return () => {
    if (editor.trigger === guarded) editor.trigger = trigger;
  };
}

/**
 * Keeps an oversized `input` event from Monaco. Text that arrives with no cancelable
 * `beforeinput` (an IME commit, some keyboards) is in the editor's hidden textarea before any
 * script sees it, and Monaco reads the textarea whole and types what it finds: 365 ms of
 * Monaco's own work for 20 MB, before the guard above refused it. When the event's text alone
 * passes the bound, Monaco never sees the event: the textarea is emptied and the editor takes
 * focus again, which makes Monaco write the textarea afresh from its model (its state and the
 * textarea agree again), and `onRefused` gets the line.
 */
export function boundInputEvents(
  editor: Monaco.editor.IStandaloneCodeEditor,
  onRefused: (line: string) => void,
): () => void {
  const node = editor.getContainerDomNode();
  const onInput = (event: Event) => {
    const size = (event as InputEvent).data?.length ?? 0;
    const area = event.target;
    if (size <= EDITOR_MAX_CHARS || !(area instanceof HTMLTextAreaElement)) return;
    if (!editor.hasTextFocus()) return;
    event.stopImmediatePropagation();
    area.value = '';
    onRefused(refusedInputLine(size, (editor.getModel()?.getValueLength() ?? 0) + size));
    area.blur();
    editor.focus();
  };
  node.addEventListener('input', onInput, true);
  return () => node.removeEventListener('input', onInput, true);
}

/**
 * Keeps an oversized IME composition out of the editor's textarea. While text is being composed
 * the browser's `beforeinput` cannot be cancelled, and Chromium puts the composition in the
 * hidden textarea itself: a composition of lines goes in line by line, each with an `input`
 * event of its own (measured, Chromium 156: 10 KB of lines was a task of 20 s of CPU time, 50 KB
 * more than 5 minutes). When a composition would take the editor past EDITOR_MAX_CHARS, the
 * textarea is read-only for that one update, so Chromium inserts nothing (the refusal is the
 * same line as for any other text), and writable again at the next task or key, whichever is
 * first.
 * What the model holds never changes: Monaco then sees the composition end with the text, and
 * the guard on `trigger` refuses it as one.
 */
export function boundCompositionText(
  editor: Monaco.editor.IStandaloneCodeEditor,
  onRefused: (line: string) => void,
): () => void {
  const node = editor.getContainerDomNode();
  // The model already holds the composition so far; an update replaces it.
  let composed = 0;
  // While set, the textarea is read-only for a refused update; calling it makes it writable.
  let restoring: (() => void) | null = null;
  const onStart = () => {
    composed = 0;
  };
  const onUpdate = (event: CompositionEvent) => {
    const area = event.target;
    if (!(area instanceof HTMLTextAreaElement) || !editor.hasTextFocus()) return;
    const size = event.data?.length ?? 0;
    const wouldBe = (editor.getModel()?.getValueLength() ?? 0) - composed + size;
    if (wouldBe <= EDITOR_MAX_CHARS) {
      composed = size;
      return;
    }
    if (!restoring) {
      // Writable again before anything else can type: a key is handled before a timer, so a key
      // pressed at once must not meet a read-only textarea (its keydown comes before its text).
      const wasReadOnly = area.readOnly;
      area.readOnly = true;
      let timer = 0;
      const restore = () => {
        area.readOnly = wasReadOnly;
        restoring = null;
        window.clearTimeout(timer);
        node.removeEventListener('keydown', restore, true);
      };
      restoring = restore;
      timer = window.setTimeout(restore, 0);
      node.addEventListener('keydown', restore, true);
    }
    onRefused(refusedInputLine(size, wouldBe));
  };
  node.addEventListener('compositionstart', onStart, true);
  node.addEventListener('compositionupdate', onUpdate, true);
  return () => {
    restoring?.();
    node.removeEventListener('compositionstart', onStart, true);
    node.removeEventListener('compositionupdate', onUpdate, true);
  };
}
