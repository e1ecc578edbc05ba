/// <reference lib="webworker" />
import { loadSqlJs } from '@/lib/sqlite';
import { showMessage } from '@/lib/bounded';
import type { CheckerMessage, CheckerRequest } from './protocol';
import { checkDesign } from './search';
import { validateDraft } from './validate';

// The search runs here, never on the page: the page stays responsive, shows progress, and
// stops a search by terminating this worker.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: CheckerMessage) => scope.postMessage(message);

scope.onmessage = async (event: MessageEvent<CheckerRequest>) => {
  const request = event.data;
  try {
    const SQL = await loadSqlJs();
    let design = request.type === 'check' ? request.design : null;
    if (request.type === 'check-draft') {
      const checked = validateDraft(SQL, request.draft);
      if (!checked.ok) return post({ type: 'invalid', problems: checked.problems });
      design = checked.design;
    }
    let last = 0;
    const result = checkDesign(SQL, design!, request.bound, {
      stateCache: request.stateCache,
      progressEvery: 2_048,
      onProgress: (progress) => {
        const now = performance.now();
        if (now - last < 80) return;
        last = now;
        post({ type: 'progress', progress });
      },
    });
    post({ type: 'result', result });
  } catch (error) {
    post({
      type: 'error',
      message: showMessage(error instanceof Error ? error.message : String(error)),
    });
  }
};
