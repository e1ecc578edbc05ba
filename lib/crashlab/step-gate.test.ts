import { describe, expect, it } from 'vitest';
import { createStepGate } from './step-gate';

const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('createStepGate', () => {
  it('holds a step until it is released, one step per release', async () => {
    const gate = createStepGate();
    const passed: number[] = [];
    void gate.wait().then(() => passed.push(1));
    await settled();
    expect(passed).toEqual([]);
    gate.release();
    await settled();
    expect(passed).toEqual([1]);
    void gate.wait().then(() => passed.push(2));
    await settled();
    expect(passed).toEqual([1]);
    gate.release();
    await settled();
    expect(passed).toEqual([1, 2]);
  });

  it('ignores a release while no step waits, so the next pause is not skipped', async () => {
    const gate = createStepGate();
    gate.release();
    let passed = false;
    void gate.wait().then(() => (passed = true));
    await settled();
    expect(passed).toBe(false);
    gate.release();
    await settled();
    expect(passed).toBe(true);
  });
});
