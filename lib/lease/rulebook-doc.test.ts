import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decideFinish } from './decide';
import { decideFenceWrite, decideQuorum } from './decide-resource';
import type { WriteDecision } from './decision';
import { explain } from './explain';
import type { DecisionContext } from './judge';

/*
 * docs/rulebook.md shows the decision record and three rendered examples (issue 22). They are
 * the real builders' records and the real explainer's words: this test builds each and compares
 * the doc's JSON block and quoted words with them, so the doc cannot drift from the code. On a
 * difference it prints the words to paste.
 */

const ctx = (over: Partial<DecisionContext> = {}): DecisionContext => ({
  writer: 'A',
  at: 9,
  authority: { holder: 'B', token: 2 },
  ...over,
});

/** Each example: its heading in the doc, and the decision it shows. */
const EXAMPLES: readonly { heading: string; decision: WriteDecision }[] = [
  {
    heading: 'A stale write refused.',
    decision: decideFenceWrite(ctx(), {
      target: 'gateway:email',
      fence: { kind: 'highest-seen', registration: 'event', order: 'generation' },
      token: 1,
      seen: { generation: 2, batch: 0 },
      changed: 0,
    }),
  },
  {
    heading: 'A quorum write that does not commit.',
    decision: decideQuorum(ctx({ authority: { holder: 'A', token: 1 } }), {
      target: 'gateway:journal',
      token: 1,
      votes: [
        { acceptor: 1, reached: false, accepted: false, highestBefore: 0 },
        { acceptor: 2, reached: false, accepted: false, highestBefore: 0 },
        { acceptor: 3, reached: true, accepted: true, highestBefore: 0 },
      ],
      needed: 2,
    }),
  },
  {
    heading: 'A rightful holder’s work undone by a broken design',
    decision: decideFinish(ctx(), {
      conditions: ['status'],
      before: { owner: 'B', fence: 2, leaseUntil: 11, status: 'running' },
      after: { owner: 'B', fence: 2, leaseUntil: 11, status: 'done' },
      token: 1,
      changed: 1,
    }),
  },
];

/** The quoted words of an example, as the doc shows them. */
function rendered(d: WriteDecision): string[] {
  const e = explain(d);
  return [
    `**Sentence:** ${e.sentence}`,
    `**Verdict:** ${e.verdict}`,
    ...e.rules.map((r) => `**Rule:** ${r}`),
  ];
}

const DOC = readFileSync(join(__dirname, '..', '..', 'docs', 'rulebook.md'), 'utf8');

/** The JSON block and the quote that follow a heading in the doc. */
function section(heading: string): { json: unknown; quote: string[] } {
  const start = DOC.indexOf(`**${heading}`);
  expect(start, `docs/rulebook.md has no example headed "${heading}"`).toBeGreaterThan(-1);
  const rest = DOC.slice(start);
  const json = /```json\n([\s\S]*?)\n```/.exec(rest)![1];
  const after = rest.slice(rest.indexOf('```', rest.indexOf('```json') + 7) + 3);
  const quote = after
    .trimStart()
    .split('\n')
    .filter((line, i, all) => all.slice(0, i + 1).every((l) => l.startsWith('>')))
    .join('\n')
    .split(/\n>\s*\n/)
    .map((p) => p.replace(/^>\s?/gm, '').replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return { json: JSON.parse(json), quote };
}

describe('docs/rulebook.md’s examples are the builders’ records and the explainer’s words', () => {
  for (const { heading, decision } of EXAMPLES) {
    it(heading, () => {
      const doc = section(heading);
      expect(doc.json).toEqual(JSON.parse(JSON.stringify(decision)));
      const words = rendered(decision);
      expect(
        doc.quote,
        `paste into docs/rulebook.md:\n${words.map((w) => `> ${w}`).join('\n>\n')}`,
      ).toEqual(words);
    });
  }

  it('the three examples are what the issue asks for: a refusal, no majority, a broken property', () => {
    const [stale, quorum, undone] = EXAMPLES.map((e) => e.decision);
    expect(stale.outcome.database).toBe('refused');
    expect(stale.token).toBeLessThan(stale.authority.token);
    expect(quorum.quorum?.committed).toBe(false);
    expect(undone.violation).toMatchObject({ kind: 'stale-write', culprit: 'A', victim: 'B' });
  });
});
