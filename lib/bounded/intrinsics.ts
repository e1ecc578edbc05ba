/*
 * The built-ins the door uses, taken when this module loads: in a worker that runs a learner's
 * program, that is before the program exists (issue 41). A program may then replace
 * String.prototype.slice or Array.prototype.push; the door keeps calling the originals. Each
 * method is "uncurried" (Function.prototype.call bound to it, once), so a call looks nothing up
 * on a prototype at call time: not even Function.prototype.call, which a program may replace too.
 * On the page (a realm the program never reaches) this costs nothing and holds all the same.
 */

type Method<T, A extends unknown[], R> = (this: T, ...args: A) => R;

const callBound = Function.prototype.call;

/** `method` as a plain function of (this, ...args), bound now. */
export function uncurry<T, A extends unknown[], R>(
  method: Method<T, A, R>,
): (self: T, ...args: A) => R {
  return callBound.bind(method) as unknown as (self: T, ...args: A) => R;
}

function getter<T, R>(owner: object, name: string): (self: T) => R {
  const descriptor = Object.getOwnPropertyDescriptor(owner, name);
  if (!descriptor?.get) throw new Error(`no getter ${name}`);
  return uncurry(descriptor.get as Method<T, [], R>);
}

const TypedArray = Object.getPrototypeOf(Uint8Array.prototype) as object;
const encoder = typeof TextEncoder === 'function' ? new TextEncoder() : null;
const decoder = typeof TextDecoder === 'function' ? new TextDecoder() : null;
const encodeWith = encoder ? uncurry(TextEncoder.prototype.encode) : null;
const decodeWith = decoder ? uncurry(TextDecoder.prototype.decode) : null;

/** The originals, as this realm had them when the module loaded. */
export const BUILT_INS = Object.freeze({
  stringSlice: uncurry(String.prototype.slice),
  charCodeAt: uncurry(String.prototype.charCodeAt),
  stringIndexOf: uncurry(String.prototype.indexOf),
  arraySlice: uncurry(Array.prototype.slice) as <T>(
    self: readonly T[],
    start?: number,
    end?: number,
  ) => T[],
  push: uncurry(Array.prototype.push) as <T>(self: T[], ...items: T[]) => number,
  arrayJoin: uncurry(Array.prototype.join) as (
    self: readonly unknown[],
    separator?: string,
  ) => string,
  numberToLocale: uncurry(Number.prototype.toLocaleString) as (
    self: number,
    locales?: string,
  ) => string,
  isArray: Array.isArray,
  keys: Object.keys,
  hasOwn: Object.hasOwn,
  getPrototypeOf: Object.getPrototypeOf,
  ownDescriptor: Object.getOwnPropertyDescriptor,
  freeze: Object.freeze,
  ObjectPrototype: Object.prototype,
  jsonParse: JSON.parse,
  jsonStringify: JSON.stringify,
  floor: Math.floor,
  max: Math.max,
  min: Math.min,
  isFinite: Number.isFinite,
  isInteger: Number.isSafeInteger,
  ArrayBuffer,
  byteLength: getter<ArrayBuffer, number>(ArrayBuffer.prototype, 'byteLength'),
  bufferOf: getter<Uint8Array, ArrayBuffer>(TypedArray, 'buffer'),
  encode: (text: string): Uint8Array => {
    if (!encoder || !encodeWith) throw new Error('no TextEncoder here');
    return encodeWith(encoder, text);
  },
  decode: (bytes: ArrayBuffer): string => {
    if (!decoder || !decodeWith) throw new Error('no TextDecoder here');
    return decodeWith(decoder, bytes);
  },
  apply: Reflect.apply,
  promiseThen: uncurry(Promise.prototype.then) as <T>(
    self: Promise<T>,
    onFulfilled: (value: T) => unknown,
    onRejected?: (reason: unknown) => unknown,
  ) => Promise<unknown>,
});
