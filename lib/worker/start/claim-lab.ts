import { underPagePolicy } from '@/lib/worker/page-policy';

/** The claim lab's Web Worker (lib/claim-lab): one learner's program on real SQLite. */
export const startClaimLabWorker = (): Worker =>
  underPagePolicy(
    () =>
      new Worker(new URL('../../claim-lab/claim-lab.worker.ts', import.meta.url), {
        type: 'module',
        name: 'claim-lab',
      }),
  );
