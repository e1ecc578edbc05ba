import { VERSIONED } from '@/lib/lease';
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
      'B takes over and uploads report.md. A resumes and uploads its own report.md to an object store that keeps one file per name and checks nothing. What the database decides afterwards cannot undo an effect at a remote target.',
    shows: ['b-put', 'a-put', 'a-finish'],
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
    title: 'The same with versioned objects and a reference switch that checks the token',
    explanation:
      'Now every upload creates an immutable version, and report.md points at a version only through a fenced commit in the database. An upload that no commit makes official is an orphan version; garbage collection can remove it later.',
    shows: ['a-put', 'a-commit'],
    takeaway: 'Write immutable versions, then let the trusted, fenced commit switch the reference.',
    leaseSeconds: 5,
    workers: AB,
    targets: { objectStore: VERSIONED.id, gateway: 'first-write' },
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
