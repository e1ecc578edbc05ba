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
  { href: '/learn', label: 'Learn', description: 'The lesson, questions with reference answers, cases and common mistakes.' },
  { href: '/practice', label: 'Practice', description: 'Run the claim/finish demo on real SQLite, and break it on purpose.' },
  { href: '/reflect', label: 'Reflect', description: 'Your own answers with full history, and an honest self-assessment.' },
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
    href: '/practice/crash-lab',
    label: 'Crash lab',
    description:
      'Kill a worker mid-step, let a new one take over after the lease, and check that the publisher holds exactly one receipt.',
  },
];
