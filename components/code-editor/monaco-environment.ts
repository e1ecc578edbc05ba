import { underPagePolicy } from '@/lib/worker';

// Monaco's language services run in Web Workers bundled from the local monaco-editor package.
// Under Turbopack the default worker lookup fails, so we hand Monaco our own module workers.
type MonacoEnv = { getWorker(workerId: string, label: string): Worker };

export function installMonacoEnvironment(): void {
  const scope = self as unknown as { MonacoEnvironment?: MonacoEnv };
  if (scope.MonacoEnvironment) return;
  scope.MonacoEnvironment = {
    getWorker(_workerId, label) {
      if (label === 'typescript' || label === 'javascript') {
        return underPagePolicy(
          () =>
            new Worker(new URL('./ts.worker.ts', import.meta.url), {
              type: 'module',
              name: 'monaco-ts',
            }),
        );
      }
      return underPagePolicy(
        () =>
          new Worker(new URL('./editor.worker.ts', import.meta.url), {
            type: 'module',
            name: 'monaco-editor',
          }),
      );
    },
  };
}
