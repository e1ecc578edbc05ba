import { BUILT_INS } from '@/lib/bounded';

const { bufferOf, encode, hasOwn, isArray, isFinite, jsonStringify, keys, ownDescriptor } =
  BUILT_INS;

/**
 * JSON text of a value the worker built (a reply): text, numbers, true/false, null, lists and
 * plain objects, read through own data properties only, with built-ins taken when the module
 * loaded. Unlike JSON.stringify, it calls no toJSON and no getter, so a program that added
 * Object.prototype.toJSON, or a getter for "0" on Array.prototype, cannot put its own value in
 * the harness's reply (issue 41). What it cannot read is written as null.
 */
function jsonOf(value: unknown, depth: number): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return jsonStringify(value);
  if (typeof value === 'number') return isFinite(value) ? `${value}` : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value !== 'object' || depth > 32) return 'null';
  const own = (key: string): unknown => {
    const descriptor = ownDescriptor(value, key);
    return descriptor && hasOwn(descriptor, 'value') ? descriptor.value : undefined;
  };
  if (isArray(value)) {
    let text = '[';
    const length = own('length');
    const n = typeof length === 'number' ? length : 0;
    for (let i = 0; i < n; i += 1) text += `${i === 0 ? '' : ','}${jsonOf(own(`${i}`), depth + 1)}`;
    return `${text}]`;
  }
  let text = '{';
  let first = true;
  const names = keys(value);
  for (let i = 0; i < names.length; i += 1) {
    const field = own(names[i]);
    if (field === undefined) continue;
    text += `${first ? '' : ','}${jsonStringify(names[i])}:${jsonOf(field, depth + 1)}`;
    first = false;
  }
  return `${text}}`;
}

/** A reply as UTF-8 JSON bytes, in an ArrayBuffer of its own (moved, not copied, to the page). */
export function sealedBytes(value: unknown): ArrayBuffer {
  return bufferOf(encode(jsonOf(value, 0)));
}
