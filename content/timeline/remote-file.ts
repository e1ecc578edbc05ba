import type { LibraryScenario } from './library-scenario';

const AB = [{ id: 'A' }, { id: 'B' }];

/** A stale holder and a remote report file: overwrite versus versioned objects. */
export const REMOTE_FILE_SCENARIOS: readonly LibraryScenario[] = [
  {
    version: 1,
    number: '7a',
    id: 'remote-file-overwrite',
    title: 'The old worker uploads its report file after the takeover',
    explanation:
      'B takes over and uploads report.md. A resumes and uploads its own report.md: the object store overwrites the file without checking anything, so A’s stale report becomes the official one. A’s local commit is then rejected, but that is too late: the effect has already landed at the remote target.',
    takeaway:
      'Rejecting the local commit does not undo a remote write; fence where the effect lands.',
    leaseSeconds: 5,
    workers: AB,
    targets: { objectStore: 'overwrite', gateway: 'first-write' },
    events: [
      { id: 'a-claim', kind: 'claim', worker: 'A', expect: 'applied' },
      { id: 'a-pause', kind: 'pause', worker: 'A' },
      { id: 'to-6', kind: 'advance', seconds: 6 },
      { id: 'b-claim', kind: 'claim', worker: 'B', expect: 'applied' },
      {
        id: 'b-put',
        kind: 'object-put',
        worker: 'B',
        body: 'report by B (generation 2)',
        expect: 'applied',
      },
      { id: 'a-resume', kind: 'resume', worker: 'A' },
      {
        id: 'a-put',
        kind: 'object-put',
        worker: 'A',
        body: 'report by A (generation 1)',
        expect: 'applied',
      },
      { id: 'a-finish', kind: 'finish', worker: 'A', expect: 'refused' },
      { id: 'b-finish', kind: 'finish', worker: 'B', expect: 'applied' },
    ],
  },
  {
    version: 1,
    number: '7b',
    id: 'remote-file-versioned',
    title: 'The same with versioned objects and a fenced reference switch',
    explanation:
      'Now every upload creates an immutable version, and report.md points at a version only through a fenced commit in the database. A’s upload still succeeds, but it is only an orphan version; A’s switch of the reference carries token 1 and changes 0 rows, so the official report stays B’s. Garbage collection can remove the orphan later.',
    takeaway: 'Write immutable versions, then let the trusted, fenced commit switch the reference.',
    leaseSeconds: 5,
    workers: AB,
    targets: { objectStore: 'versioned', gateway: 'first-write' },
    events: [
      { id: 'a-claim', kind: 'claim', worker: 'A', expect: 'applied' },
      { id: 'a-pause', kind: 'pause', worker: 'A' },
      { id: 'to-6', kind: 'advance', seconds: 6 },
      { id: 'b-claim', kind: 'claim', worker: 'B', expect: 'applied' },
      {
        id: 'b-put',
        kind: 'object-put',
        worker: 'B',
        body: 'report by B (generation 2)',
        expect: 'applied',
      },
      {
        id: 'b-commit',
        kind: 'object-commit',
        worker: 'B',
        opId: 'publish-report',
        expect: 'applied',
      },
      { id: 'a-resume', kind: 'resume', worker: 'A' },
      {
        id: 'a-put',
        kind: 'object-put',
        worker: 'A',
        body: 'report by A (generation 1)',
        expect: 'applied',
      },
      {
        id: 'a-commit',
        kind: 'object-commit',
        worker: 'A',
        opId: 'publish-report-a',
        expect: 'refused',
      },
      { id: 'a-finish', kind: 'finish', worker: 'A', expect: 'refused' },
      { id: 'b-finish', kind: 'finish', worker: 'B', expect: 'applied' },
    ],
  },
];
