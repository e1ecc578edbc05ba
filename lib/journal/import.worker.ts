/// <reference lib="webworker" />
import { planImport } from './export';
import type { ImportMessage, ImportRequest } from './import.protocol';

// A journal file is parsed and every entry checked here, off the page: a large or hostile file
// costs this worker time, never the page's responsiveness.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: ImportMessage) => scope.postMessage(message);

scope.onmessage = (event: MessageEvent<ImportRequest>) => {
  const { raw, knownPrompts } = event.data;
  let last = 0;
  const result = planImport(raw, knownPrompts, (fraction) => {
    const now = performance.now();
    if (now - last < 100) return;
    last = now;
    post({ type: 'progress', fraction });
  });
  post({ type: 'planned', result });
};
