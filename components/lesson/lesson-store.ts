import {
  applyEvent,
  EMPTY_RECORDS,
  readLessonRecords,
  type LessonEvent,
  type LessonRecords,
} from '@/lib/lesson';
import {
  appendToOutbox,
  browserOutbox,
  browserRecords,
  deliverFromOutbox,
  subscribeToRecords,
} from '@/lib/composition';
import { notSavedSentence } from '@/components/ui/save-words';

/** What the lesson's islands see: the records, whether they are loaded, and any problem. */
export interface LessonState {
  status: 'loading' | 'ready' | 'failed';
  records: LessonRecords;
  /** Damaged-database reports and failed saves, shown to the learner until dismissed. */
  problems: readonly string[];
  /**
   * True while an action shown on the page is not yet in the records database: events being
   * written, or, on load, actions a page left behind in the outbox until they are applied.
   */
  saving: boolean;
}

const INITIAL: LessonState = {
  status: 'loading',
  records: EMPTY_RECORDS,
  problems: [],
  saving: false,
};

/**
 * One store per tab over the records database. Events show at once (pending) and are folded
 * over the stored records until the write has landed, so a click never waits for IndexedDB.
 */
let stored: LessonRecords = EMPTY_RECORDS;
let status: LessonState['status'] = 'loading';
let pending: LessonEvent[] = [];
let problems: string[] = [];
let state: LessonState = INITIAL;
let stopWatching: (() => void) | null = null;
const listeners = new Set<() => void>();

/**
 * Reads and writes of this store run one at a time: RecordsDb.write swaps its cached database
 * while it awaits storage, and a read landing in that gap would see a closed database.
 */
let queue: Promise<unknown> = Promise.resolve();
function inTurn<T>(task: () => Promise<T>): Promise<T> {
  const next = queue.then(task, task);
  queue = next.catch(() => undefined);
  return next;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Adds notices not shown before in this page load: every records change refreshes the store,
 * and a notice the learner cannot act on (records that cannot be loaded) is shown once per load,
 * not once per refresh, nor again after it was dismissed.
 */
const shown = new Set<string>();
function addProblems(messages: readonly string[]): void {
  const fresh = messages.filter((m) => !shown.has(m));
  for (const m of fresh) shown.add(m);
  if (fresh.length > 0) problems = [...problems, ...fresh];
}

function publish() {
  state = {
    status,
    records: pending.reduce(applyEvent, stored),
    problems,
    // Until the first read, the outbox may hold actions of a page that was left: the first read
    // applies them (lib/composition/records.ts).
    saving: pending.length > 0 || (status === 'loading' && browserOutbox().size() > 0),
  };
  // Exposed on the page for anything that must wait until the learner's work is stored (a reload
  // before the write lands would lose it): <html data-saving>.
  if (typeof document !== 'undefined') {
    document.documentElement.toggleAttribute('data-saving', state.saving);
  }
  for (const listener of listeners) listener();
}

/**
 * Reads the stored records and publishes them. Reads run in turn, in the order they were asked
 * for, so each one applied is at least as new as the one before it. `settled` are events whose
 * write has finished: they stop being pending in the same step as the read that holds them is
 * applied, so the page never shows them gone in between (a reveal closing and opening again
 * drew its buttons anew, and keyboard focus was lost).
 */
async function refresh(settled: readonly LessonEvent[] = []): Promise<void> {
  const records = browserRecords();
  try {
    stored = await inTurn(() => records.read(readLessonRecords));
    status = 'ready';
  } catch (error) {
    if (status === 'loading') status = 'failed';
    addProblems([
      `Your lesson records could not be loaded (${describe(error)}). You can keep reading; nothing will be saved.`,
    ]);
  }
  if (settled.length > 0) pending = pending.filter((event) => !settled.includes(event));
  addProblems(records.takeProblems().map((p) => p.message));
  publish();
}

export function subscribeLesson(listener: () => void): () => void {
  listeners.add(listener);
  if (!stopWatching) {
    stopWatching = subscribeToRecords(() => void refresh());
    void refresh();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stopWatching?.();
      stopWatching = null;
    }
  };
}

export const lessonSnapshot = (): LessonState => state;
export const lessonServerSnapshot = (): LessonState => INITIAL;

/**
 * Records events in one write; the page shows them at once. The batch is first held in the
 * records outbox (browser storage, synchronously), so a learner who leaves before the write lands
 * finds it applied on the next load. Resolves false if not saved.
 */
export async function recordLessonEvents(events: readonly LessonEvent[]): Promise<boolean> {
  if (events.length === 0) return true;
  const appended = appendToOutbox(events.map((event) => ({ kind: 'lesson' as const, event })));
  if (!appended.held) problems = [...problems, appended.problem];
  pending = [...pending, ...events];
  publish();
  let saved = true;
  try {
    const report = await inTurn(() => deliverFromOutbox(appended));
    saved = report.failed.length === 0;
  } catch (error) {
    saved = false;
    problems = [
      ...problems,
      notSavedSentence(describe(error), appended.held ? 'in-browser' : 'nowhere'),
    ];
  }
  await refresh(events);
  return saved;
}

export function dismissLessonProblems(): void {
  problems = [];
  publish();
}

/** The time an event happened: wall-clock milliseconds, taken in event handlers only. */
export const clock = (): number => Date.now();
