import { describe, expect, it } from 'vitest';
import { answerRpc, createRpcCaller, type RpcCall } from './rpc';

const handlers = {
  add: (a: number, b: number) => a + b,
  later: async (x: string) => `${x}!`,
  fail: () => {
    throw new Error('the database is closed');
  },
};
type Op = keyof typeof handlers;

/** A caller wired straight to the answering side, as the two ends of a Web Worker are. */
function wired() {
  const sent: RpcCall<Op>[] = [];
  const caller = createRpcCaller<Op>((call) => {
    sent.push(call);
    void answerRpc(call, handlers).then((reply) => caller.settle(reply));
  });
  return { caller, sent };
}

describe('calls across a Web Worker boundary', () => {
  it('each call gets the reply with its own id, sync or async', async () => {
    const { caller, sent } = wired();
    await expect(
      Promise.all([caller.call('add', 2, 3), caller.call('later', 'go')]),
    ).resolves.toEqual([5, 'go!']);
    expect(sent.map((c) => c.id)).toEqual([1, 2]);
  });

  it('an error thrown by the handler rejects the call with its message', async () => {
    await expect(wired().caller.call('fail')).rejects.toThrow('the database is closed');
  });

  it('an unknown operation is an error reply, never a call on the object’s prototype', async () => {
    const reply = await answerRpc(
      { type: 'call', id: 7, body: { op: 'toString' as Op, args: [] } },
      handlers,
    );
    expect(reply).toEqual({
      type: 'reply',
      id: 7,
      body: { ok: false, error: 'no operation toString' },
    });
  });

  it('a reply to no pending call is ignored', () => {
    const { caller } = wired();
    expect(() =>
      caller.settle({ type: 'reply', id: 99, body: { ok: true, value: 1 } }),
    ).not.toThrow();
  });
});
