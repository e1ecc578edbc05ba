import releaseSync from '@jitl/quickjs-wasmfile-release-sync';
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSContext,
  type QuickJSRuntime,
  type QuickJSSyncVariant,
} from 'quickjs-emscripten-core';
import { LAB_LIMITS } from './limits';

/*
 * The engine the learner's program runs in (issue 42, point 1): QuickJS, a JavaScript engine
 * compiled to WebAssembly (quickjs-emscripten), inside the lab's worker. A program in the
 * worker's own V8 realm could fill V8's heap, and in Chromium a worker's heap running out takes
 * the whole renderer (the tab) down with it; nothing in a worker can measure or cap that heap.
 * A WebAssembly instance's memory is one buffer whose largest size is fixed when it is made:
 * here each run gets an instance whose memory cannot grow past LAB_LIMITS.programMemoryBytes,
 * so an allocation past it fails inside QuickJS ("out of memory"), which ends the program and
 * leaves the worker and the tab alive.
 *
 * The fixed memory is the cap, not QuickJS's own `setMemoryLimit`: the prebuilt release counts
 * a constant 8 bytes per allocation (Emscripten has no malloc_usable_size), so that limit never
 * adds up (quickjs-emscripten issues #255 and #271; measured here: 21 arrays of a million
 * numbers, 168 MB, under a 64 MB limit).
 */

/** Where the browser finds QuickJS's WASM: copied into public/ by scripts/copy-wasm.mjs. */
export const QUICKJS_WASM_PATH = '/quickjs.wasm';

const PAGE_BYTES = 64 * 1024;

/** One fresh QuickJS instance for one run: its runtime, its context and its memory. */
export interface ProgramEngine {
  runtime: QuickJSRuntime;
  vm: QuickJSContext;
  memory: WebAssembly.Memory;
  /** The most bytes the instance's memory may grow to. */
  capBytes: number;
}

function isNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

function wasmUrl(): string {
  // The origin, not the href: a worker started from a blob: URL has a href nothing resolves against.
  const base =
    typeof self !== 'undefined' && self.location ? self.location.origin : 'http://localhost';
  return new URL(QUICKJS_WASM_PATH, base).toString();
}

async function browserWasm(): Promise<WebAssembly.Module> {
  const response = await fetch(wasmUrl());
  if (!response.ok) throw new Error(`QuickJS's WASM did not load (HTTP ${response.status}).`);
  return WebAssembly.compile(await response.arrayBuffer());
}

/** In Node (tests, tools): the package's own file, read through Node's built-ins. */
async function nodeWasm(): Promise<WebAssembly.Module> {
  const { createRequire } = process.getBuiltinModule('node:module');
  const { readFileSync } = process.getBuiltinModule('node:fs');
  const file = createRequire(`${process.cwd()}/`).resolve(
    '@jitl/quickjs-wasmfile-release-sync/wasm',
  );
  return WebAssembly.compile(readFileSync(file));
}

/** QuickJS's code, loaded: its modules as a variant, and its WASM compiled. */
interface LoadedEngine {
  variant: QuickJSSyncVariant;
  wasm: WebAssembly.Module;
}

let loading: Promise<LoadedEngine> | null = null;

/**
 * Loads QuickJS's code once per realm: its two JavaScript modules and its WASM, compiled (in the
 * browser from the app's own origin, in Node from the package's file). Call it
 * before the worker's lock-down removes the globals a load needs.
 */
export function loadProgramEngine(): Promise<LoadedEngine> {
  loading ??= (async () => {
    const [ffi, loader] = await Promise.all([
      releaseSync.importFFI(),
      releaseSync.importModuleLoader(),
    ]);
    const variant: QuickJSSyncVariant = {
      type: 'sync',
      importFFI: async () => ffi,
      importModuleLoader: async () => loader,
    };
    return { variant, wasm: await (isNode() ? nodeWasm() : browserWasm()) };
  })();
  loading.catch(() => {
    loading = null; // offline before the WASM was cached: a later run may try again
  });
  return loading;
}

/**
 * A fresh QuickJS instance with its own capped memory, and a runtime whose stack is capped too
 * (LAB_LIMITS.programStackBytes: QuickJS reports "stack overflow" before the worker's own
 * stack, on which the WASM's frames run, is used up). One instance serves one run.
 */
export async function createProgramEngine(
  capBytes: number = LAB_LIMITS.programMemoryBytes,
): Promise<ProgramEngine> {
  const { variant, wasm } = await loadProgramEngine();
  // 16 MiB to start, the size the build declares as its least; never past capBytes.
  const memory = new WebAssembly.Memory({
    initial: 256,
    maximum: Math.max(256, Math.floor(capBytes / PAGE_BYTES)),
  });
  // One newVariant with both: a variant made from another keeps only its own options.
  const quickjs = await newQuickJSWASMModuleFromVariant(
    newVariant(variant, { wasmModule: wasm, wasmMemory: memory }),
  );
  const runtime = quickjs.newRuntime();
  runtime.setMaxStackSize(LAB_LIMITS.programStackBytes);
  const vm = runtime.newContext();
  return { runtime, vm, memory, capBytes };
}

/** Whether the instance has used (nearly) all the memory it may have: the cap, not the program. */
export function memorySpent(engine: ProgramEngine): boolean {
  return engine.memory.buffer.byteLength > engine.capBytes / 2;
}
