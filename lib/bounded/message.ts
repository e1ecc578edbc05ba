import { BUILT_INS } from './intrinsics';
import { showMessage, type ShownText } from './text';

/*
 * The door for messages from a realm the page does not trust (issue 41): a Web Worker that ran a
 * learner's program. A program there may have replaced any built-in its harness uses, so nothing
 * the worker's own cuts promised is taken on trust. The message arrives as bytes (UTF-8 JSON in
 * an ArrayBuffer moved to the page, so the page never deserialises a large value it has not
 * measured); the door reads its size first, then parses it and checks its shape against a
 * description: every text's length, every list's length, and the characters of the whole
 * message. A message that fails is refused whole, with one line that says what was too big.
 */

const {
  ArrayBuffer: PageArrayBuffer,
  byteLength,
  decode,
  getPrototypeOf,
  hasOwn,
  isArray,
  isFinite,
  isInteger,
  jsonParse,
  keys,
  numberToLocale,
  ObjectPrototype,
  push,
} = BUILT_INS;

const count = (n: number) => numberToLocale(n, 'en-US');

/** Why a message was refused: one line for the learner. */
export class MessageRefused extends Error {
  constructor(readonly line: ShownText) {
    super(line);
    this.name = 'MessageRefused';
  }
}

/** What the checks of one message share: the characters of its texts, counted as they pass. */
export interface MessageTally {
  chars: number;
  maxChars: number;
}

/**
 * A check of one part of a message: returns the part (a fresh value the page may keep) or
 * throws MessageRefused. `at` names the part ("run.output[3]") for the refusal's line.
 */
export type MessagePart<T> = (value: unknown, at: string, tally: MessageTally) => T;

function refuse(line: string): never {
  throw new MessageRefused(showMessage(line, 300));
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** A text of at most `maxChars` characters; its length counts toward the message's total. */
export function textPart(maxChars: number): MessagePart<ShownText> {
  return (value, at, tally) => {
    if (typeof value !== 'string') refuse(`${at} was ${kindOf(value)}, not text`);
    if (value.length > maxChars)
      refuse(
        `${at} was ${count(value.length)} characters long; the page takes at most ${count(maxChars)}`,
      );
    tally.chars += value.length;
    if (tally.chars > tally.maxChars)
      refuse(`the reply's texts passed ${count(tally.maxChars)} characters at ${at}`);
    return value as ShownText;
  };
}

/** A finite number (an integer when `integer`). */
export function numberPart(integer = false): MessagePart<number> {
  return (value, at) => {
    if (typeof value !== 'number' || !isFinite(value))
      refuse(`${at} was ${kindOf(value)}, not a number`);
    if (integer && !isInteger(value)) refuse(`${at} was not a whole number`);
    return value;
  };
}

/** true or false. */
export const booleanPart: MessagePart<boolean> = (value, at) => {
  if (typeof value !== 'boolean') refuse(`${at} was ${kindOf(value)}, not true or false`);
  return value;
};

/** One of a few fixed values. */
export function oneOfPart<const T extends string | number | boolean>(
  ...allowed: readonly T[]
): MessagePart<T> {
  return (value, at) => {
    for (let i = 0; i < allowed.length; i += 1) if (value === allowed[i]) return value as T;
    return refuse(`${at} was not one of the values the page expects`);
  };
}

/** null, or what `part` checks. */
export function nullablePart<T>(part: MessagePart<T>): MessagePart<T | null> {
  return (value, at, tally) => (value === null ? null : part(value, at, tally));
}

/** The first part that accepts the value (text, number or null, say). */
export function eitherPart<A, B>(a: MessagePart<A>, b: MessagePart<B>): MessagePart<A | B> {
  return (value, at, tally) => {
    const before = tally.chars;
    try {
      return a(value, at, tally);
    } catch (error) {
      if (!(error instanceof MessageRefused)) throw error;
      tally.chars = before;
      return b(value, at, tally);
    }
  };
}

/** A list of at most `maxItems` items, each checked by `item`. */
export function listPart<T>(item: MessagePart<T>, maxItems: number): MessagePart<T[]> {
  return (value, at, tally) => {
    if (!isArray(value)) refuse(`${at} was ${kindOf(value)}, not a list`);
    if (value.length > maxItems)
      refuse(`${at} held ${count(value.length)} items; the page takes at most ${count(maxItems)}`);
    const out: T[] = [];
    for (let i = 0; i < value.length; i += 1) push(out, item(value[i], `${at}[${i}]`, tally));
    return out;
  };
}

function plainObject(value: unknown, at: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || isArray(value))
    refuse(`${at} was ${kindOf(value)}, not an object`);
  const prototype = getPrototypeOf(value);
  if (prototype !== ObjectPrototype && prototype !== null) refuse(`${at} was not a plain object`);
  return value as Record<string, unknown>;
}

type Fields<T> = { [K in keyof T]-?: MessagePart<T[K]> };

/**
 * An object with exactly these fields (an optional one is a part that accepts undefined); any
 * other field is left behind. The result is a fresh object of the page's own.
 */
export function objectPart<T>(fields: Fields<T>): MessagePart<T> {
  const names = keys(fields) as (keyof T & string)[];
  return (value, at, tally) => {
    const source = plainObject(value, at);
    const out = {} as T;
    for (let i = 0; i < names.length; i += 1) {
      const name = names[i];
      const part = fields[name];
      out[name] = part(hasOwn(source, name) ? source[name] : undefined, `${at}.${name}`, tally);
    }
    return out;
  };
}

/** A field that may be missing: undefined, or what `part` checks. */
export function optionalPart<T>(part: MessagePart<T>): MessagePart<T | undefined> {
  return (value, at, tally) => (value === undefined ? undefined : part(value, at, tally));
}

/** An object of at most `maxKeys` fields with names of at most `maxKeyChars`, each checked by `item`. */
export function recordPart<T>(
  item: MessagePart<T>,
  maxKeys: number,
  maxKeyChars: number,
): MessagePart<Record<string, T>> {
  const name = textPart(maxKeyChars);
  return (value, at, tally) => {
    const source = plainObject(value, at);
    const names = keys(source);
    if (names.length > maxKeys)
      refuse(`${at} held ${count(names.length)} fields; the page takes at most ${count(maxKeys)}`);
    const out: Record<string, T> = {};
    for (let i = 0; i < names.length; i += 1) {
      const key = name(names[i], `${at} (a name)`, tally);
      out[key] = item(source[key], `${at}.${key}`, tally);
    }
    return out;
  };
}

/** An object told apart by its `field` (a reply's `type`): each value has its own part. */
export function taggedPart<T>(
  field: string,
  variants: { [tag: string]: MessagePart<T> },
): MessagePart<T> {
  return (value, at, tally) => {
    const source = plainObject(value, at);
    const tag = source[field];
    if (typeof tag !== 'string' || !hasOwn(variants, tag))
      refuse(`${at}.${field} was not one the page expects`);
    return variants[tag](source, at, tally);
  };
}

/** The bounds of one kind of message, before and after it is parsed. */
export interface MessageBounds {
  /** Bytes of UTF-8 JSON: read before anything is decoded. */
  maxBytes: number;
  /** Characters of all its texts together. */
  maxChars: number;
}

/** A message that passed the door, or the one line that says why it did not. */
export type Opened<T> = { ok: true; value: T } | { ok: false; line: ShownText };

/**
 * Opens one message from an untrusted realm: an ArrayBuffer of UTF-8 JSON, at most
 * `bounds.maxBytes` long (its size is read before a byte is decoded), whose value `part` accepts
 * within `bounds.maxChars` characters of text. Anything else is refused whole.
 */
export function openMessage<T>(
  data: unknown,
  part: MessagePart<T>,
  bounds: MessageBounds,
): Opened<T> {
  try {
    if (!(data instanceof PageArrayBuffer)) refuse(`the reply was ${kindOf(data)}, not bytes`);
    const size = byteLength(data as ArrayBuffer);
    if (size > bounds.maxBytes)
      refuse(
        `the reply was ${count(size)} bytes; the page takes at most ${count(bounds.maxBytes)}`,
      );
    let parsed: unknown;
    try {
      parsed = jsonParse(decode(data as ArrayBuffer));
    } catch {
      refuse('the reply was not readable JSON');
    }
    return { ok: true, value: part(parsed, 'reply', { chars: 0, maxChars: bounds.maxChars }) };
  } catch (error) {
    if (error instanceof MessageRefused) return { ok: false, line: error.line };
    return { ok: false, line: showMessage('the reply could not be checked', 300) };
  }
}
