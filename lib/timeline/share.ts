import { parseScenario, type ParseResult } from './schema';
import type { Scenario } from './types';

/** The longest hash a shared scenario may have (about 60 events fit comfortably). */
export const MAX_SHARE_LENGTH = 16_000;

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * Encodes a scenario for a URL hash (`/practice/timeline#<this>`): its JSON as UTF-8 in base64url,
 * so it survives copy and paste and decodes to exactly the same scenario.
 */
export function encodeScenario(scenario: Scenario): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify(scenario)));
}

/**
 * Decodes a hash made by encodeScenario (a leading '#' is ignored). Anything else (too long,
 * not base64url, not JSON, not a valid scenario) is refused with a message; it never throws.
 */
export function decodeScenario(hash: string): ParseResult {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  if (text.length === 0) return { ok: false, message: 'The link holds no scenario.' };
  if (text.length > MAX_SHARE_LENGTH) {
    return { ok: false, message: `The link is too long to be a scenario (${text.length} characters; the limit is ${MAX_SHARE_LENGTH}).` };
  }
  if (!/^[A-Za-z0-9_-]+$/.test(text)) {
    return { ok: false, message: 'The link is damaged: it has characters a shared scenario never contains.' };
  }
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(fromBase64Url(text)));
  } catch {
    return { ok: false, message: 'The link is damaged: its scenario cannot be read.' };
  }
  return parseScenario(data);
}

/** The page path that opens a scenario. */
export function scenarioLink(scenario: Scenario, base = '/practice/timeline'): string {
  return `${base}#${encodeScenario(scenario)}`;
}
