import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';
import { installHost, type HostCalls } from './vm-host';
import { marshal, type Marshal } from './vm-values';

/*
 * The bridge between the harness (this worker's JavaScript) and the program's engine (QuickJS,
 * engine.ts), by job: the host functions the program's globals call (vm-host.ts) and the
 * marshalling of values across (vm-values.ts).
 */

export { HARNESS_FILE, type HostAnswer, type HostCalls } from './vm-host';
export { MAX_BOUND_VALUES, TooLarge } from './vm-values';

/** The bridge once set up in one engine: the program's globals and the harness's readers. */
export interface Bridge extends Marshal {
  db: QuickJSHandle;
  print: QuickJSHandle;
  /** The program's reporters of rejections (async-escapes.ts): ESCAPED and HANDLED. */
  escaped: QuickJSHandle;
  handled: QuickJSHandle;
  /**
   * What the first rejection nobody handled was rejected with (null: none), once the program
   * and its job queue are done. The caller disposes the handle.
   */
  unhandled(): QuickJSHandle | null;
}

/** Evaluates the bridge in `vm` and wires it to `host`. Call once, before the program runs. */
export function setUpBridge(vm: QuickJSContext, host: HostCalls): Bridge {
  const api = installHost(vm, host);
  const fn = (name: string) => vm.getProp(api, name);
  const unhandledFn = fn('unhandled');
  const unhandled = (): QuickJSHandle | null => {
    const found = vm.unwrapResult(vm.callFunction(unhandledFn, vm.undefined));
    try {
      const any = vm.getProp(found, 0);
      const yes = vm.dump(any) === true;
      any.dispose();
      return yes ? vm.getProp(found, 1) : null;
    } finally {
      found.dispose();
    }
  };
  return {
    ...marshal(vm, api),
    db: fn('db'),
    print: fn('print'),
    escaped: fn('escaped'),
    handled: fn('handled'),
    unhandled,
  };
}
