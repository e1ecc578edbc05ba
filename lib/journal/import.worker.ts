/// <reference lib="webworker" />
import { serveRequests } from '@/lib/worker/serve';
import { planImport, type PlanResult } from './export';
import type { ImportRequest } from './import.protocol';

// A journal file is parsed and every entry checked here, off the page: a large or hostile file
// costs this worker time, never the page's responsiveness. Progress goes out at most every 100 ms.
serveRequests<ImportRequest, PlanResult, number>(({ raw, knownPrompts }, progress) => {
  let last = 0;
  return planImport(raw, knownPrompts, (fraction) => {
    const now = performance.now();
    if (now - last < 100) return;
    last = now;
    progress(fraction);
  });
});
