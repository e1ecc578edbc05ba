import { describe, expect, it } from 'vitest';
import { conditionsWhere, isClaimCondition } from './catalogue';
import { describeStatementConditions, statementMenu } from './explain-catalogue';

const CATALOGUE_CHOICES = [
  'owner',
  'fence',
  'lease',
  'status',
  'status-in',
  'attempt',
  'fingerprint',
] as const;
const { add: conditionOfChoice, choiceOf, label } = statementMenu('finish');

describe('the catalogue as the learner picks from it', () => {
  it('each choice adds an entry that is picked as that choice, has a label, and makes SQL', () => {
    for (const choice of CATALOGUE_CHOICES) {
      const c = conditionOfChoice(choice);
      expect(choiceOf(c)).toBe(choice);
      expect(label(choice).startsWith(choice.replace('-in', ' in'))).toBe(true);
      expect(conditionsWhere([c])).toMatch(/^run_id = \$run AND /);
    }
  });

  it('a read value is not a holder’s choice', () => {
    expect(choiceOf({ kind: 'as-read', column: 'attempted_at' })).toBeNull();
  });

  it('says what a statement’s list checks', () => {
    expect(describeStatementConditions('finish', [])).toBe(
      'The finish checks nothing but the run id.',
    );
    expect(
      describeStatementConditions('renew', [
        'status',
        { kind: 'fingerprint', columns: ['attempt', 'claimed_at'] },
      ]),
    ).toBe('The renew checks only the status and the (attempt, claimed_at).');
    expect(describeStatementConditions('finish', ['owner', 'fence', 'lease', 'status'])).toBe(
      'The finish checks the owner, the fence, the lease and the status.',
    );
  });
});

describe('each statement’s menu', () => {
  it('a claim offers its own entries; each adds a claim condition picked as that choice', () => {
    const menu = statementMenu('claim');
    expect(menu.choices).toEqual(['claimable', 'lease-expired', 'status-in', 'as-read']);
    for (const choice of menu.choices) {
      const c = menu.add(choice);
      expect(isClaimCondition(c)).toBe(true);
      expect(menu.choiceOf(c)).toBe(choice);
      expect(menu.label(choice).length).toBeGreaterThan(10);
    }
    // A commit's condition is none of the claim's choices, and a claim's none of a finish's.
    expect(menu.choiceOf('owner')).toBeNull();
    expect(statementMenu('finish').choiceOf({ kind: 'claimable' })).toBeNull();
  });

  it('a renew and a finish offer the catalogue’s choices', () => {
    for (const statement of ['renew', 'finish'] as const)
      expect(statementMenu(statement).choices).toEqual(CATALOGUE_CHOICES);
  });
});
