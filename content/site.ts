/** The app's name, modes and the exercises each mode offers, as plain data. */
export const SITE = {
  title: 'Lease takeover and fencing stale workers',
  shortTitle: 'Fencing Lab',
  tagline: 'A lease gives liveness, not safety. Learn why, by breaking it.',
} as const;

export interface NavItem {
  href: string;
  label: string;
  description: string;
}

export const MODES: readonly NavItem[] = [
  {
    href: '/learn',
    label: 'Learn',
    description: 'The lesson, questions with reference answers, cases and common mistakes.',
  },
  {
    href: '/practice',
    label: 'Practice',
    description: 'Run the claim/finish demo on real SQLite, and break it on purpose.',
  },
  {
    href: '/reflect',
    label: 'Reflect',
    description: 'Your own answers with full history, and an honest self-assessment.',
  },
];

/** The exercises listed on the PRACTICE page; each feature adds its own entry. */
export const PRACTICE_ITEMS: readonly NavItem[] = [
  {
    href: '/practice/sql-sandbox',
    label: 'SQL sandbox',
    description:
      'A runs table with the lesson’s claim, renew and finish statements, on real SQLite in your browser. Edit any statement and run it.',
  },
  {
    href: '/practice/claim-lab',
    label: 'Claim/finish lab',
    description:
      'The lesson’s demo as a TypeScript program on real SQLite: run it, watch the jobs row after every step, then break the finish and fix it in four challenges.',
  },
  {
    href: '/practice/timeline',
    label: 'Pause-resume timeline',
    description:
      'Pause old workers, let others take over, resume them: mark which writes must be rejected, then run it and see why, at every target.',
  },
  {
    href: '/practice/compare',
    label: 'Compare designs',
    description:
      'Every interleaving of pauses, takeovers and commits, checked on real SQLite: the lesson’s design proven safe within the bound, each broken design with the shortest schedule that breaks it.',
  },
  {
    href: '/practice/crash-lab',
    label: 'Crash lab',
    description:
      'Kill a worker mid-step, let a new one take over after the lease, and check that the publisher holds exactly one receipt.',
  },
];
