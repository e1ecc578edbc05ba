/// <reference lib="webworker" />
import { loadSqlJs } from '@/lib/sqlite';
import { serveRequests } from '@/lib/worker/serve';
import type { CheckerReply, CheckerRequest } from './protocol';
import { checkDesign } from './search';
import type { SearchProgress } from './types';
import { conditionsDesign, validateDraft } from './validate';

// The search runs here, never on the page: the page stays responsive, shows progress, and
// stops a search by terminating this worker. What a check throws reaches the page as lib/worker's
// failure, its message cut there.
serveRequests<CheckerRequest, CheckerReply, SearchProgress>(async (request, progress) => {
  const SQL = await loadSqlJs();
  let design = request.type === 'check' ? request.design : null;
  if (request.type === 'check-draft') {
    // A draft picked from the catalogue is validated against its own tables (the claim columns
    // its conditions compare), so SQL edited after the picks may use them.
    const base = request.picks ? conditionsDesign(request.picks) : undefined;
    const checked = validateDraft(SQL, request.draft, base);
    if (!checked.ok) return { type: 'invalid', problems: checked.problems };
    design = checked.design;
  }
  let last = 0;
  const result = checkDesign(SQL, design!, request.bound, {
    stateCache: request.stateCache,
    progressEvery: 2_048,
    onProgress: (now) => {
      const at = performance.now();
      if (at - last < 80) return;
      last = at;
      progress(now);
    },
  });
  return { type: 'result', result };
});
