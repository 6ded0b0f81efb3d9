// The hostile material a fuzz request is built from: values no honest client sends (invalid
// UTF-8, lone surrogates, NUL, broken percent escapes, megabyte strings, injection probes) and
// the ways of putting them on the wire (correctly escaped, raw, half escaped).
import type { Random } from './random.ts';

export type Bytes = string | Buffer;
export type Pair = readonly [Bytes, Bytes];

const FIXED: readonly Bytes[] = [
  '', ' ', '\0', 'a\0b', '%', '%%', '%zz', '%E0%A4%A', '%C0%AF', '%ED%A0%80', '%FF%FE', '%u0041', '%00',
  '\uFEFF', '\u202E', '\uD800', '\uDFFF', 'ü', '😀', '\r\n', '\t', '\\', '"', "'", '`',
  '<script>alert(1)</script>', "' OR 1=1--", '${7*7}', '{{7*7}}', '../../etc/passwd', '..%2f..%2fpackage.json',
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '[object Object]', 'undefined', 'null',
  '-1', '0', '1e309', 'NaN', 'Infinity', '9'.repeat(400), '0x41',
  '{"a":1}', '[]', '{}', '{"__proto__":{"x":1}}', 'true', '[1,2',
  'javascript:alert(1)', 'http://127.0.0.1:9/callback', 'http://127.0.0.1:9/callback/', 'https://evil.example/',
  'http://good@evil.example/callback', 'urn:ietf:params:oauth:request_uri:abc', 'data:text/html,x',
  'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', 'a.b.c', 'a.b.c.d.e',
  'authorization_code', 'refresh_token', 'client_credentials', 'password', 'implicit',
  'urn:ietf:params:oauth:grant-type:device_code', 'code', 'token', 'id_token', 'none', 'code token',
  'S256', 'plain', 'openid', 'portfolio:read', 'portfolio:write', 'portfolio:read portfolio:write offline_access',
  'approve', 'deny', 'read', 'write', 'yes', 'login', 'consent', 'select_account', 'de', 'en', 'xx-INVALID',
  Buffer.from([0xff]), Buffer.from([0xc3]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xc0, 0xaf]),
  Buffer.from([0xf4, 0x90, 0x80, 0x80]), Buffer.from([0xfe, 0xff, 0x00, 0x41]), Buffer.from([0x80, 0x80]),
];

/** One hostile value: a fixed probe, random bytes, random text, or a long run. */
export function hostileValue(r: Random): Bytes {
  const roll = r.next();
  if (roll < 0.55) return r.pick(FIXED);
  if (roll < 0.7) return r.bytes(r.int(64));
  if (roll < 0.85) return r.text(r.int(64), 'aZ09%&=+;/?#[]{}"\'<>\\|^` \t\0\x7f~.-_:@!$()*,');
  const length = r.pick([256, 4096, 17_000, 60_000, 100_000]);
  return r.pick(['a', '%', 'é', '\0', '%41']).repeat(length);
}

/** A name an attacker might send: a known parameter, a prototype key, an array or object form. */
export function hostileName(r: Random, known: readonly string[]): Bytes {
  const roll = r.next();
  if (roll < 0.5 && known.length > 0) return r.pick(known);
  if (roll < 0.75) return r.pick(['__proto__', 'constructor', 'a[b]', 'a[]', '[]', '', '=', '&', 'a.b', 'toString', 'hasOwnProperty']);
  return hostileValue(r);
}

/** Percent-encodes every byte outside the unreserved set (RFC 3986 section 2.3). */
export function percentEncode(value: Bytes): string {
  const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
  let out = '';
  for (const byte of bytes) {
    const unreserved = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || byte === 0x2d || byte === 0x2e || byte === 0x5f || byte === 0x7e;
    out += unreserved ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** How a value goes on the wire: mostly escaped properly, sometimes raw or with broken escapes. */
export function encodeComponent(r: Random, value: Bytes): Buffer {
  const roll = r.next();
  if (roll < 0.75) return Buffer.from(percentEncode(value), 'latin1');
  if (roll < 0.9) return typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
  const escaped = percentEncode(value);
  const cut = r.int(escaped.length + 1);
  return Buffer.concat([Buffer.from(escaped.slice(0, cut), 'latin1'), Buffer.from(r.pick(['%', '%G', '%e', '%%', '+', '&', '=']), 'latin1'), Buffer.from(escaped.slice(cut), 'latin1')]);
}

/** `name=value&...` with each component encoded by `encodeComponent`. */
export function encodePairs(r: Random, pairs: readonly Pair[]): Buffer {
  const parts: Buffer[] = [];
  pairs.forEach(([name, value], index) => {
    if (index > 0) parts.push(Buffer.from(r.chance(0.03) ? r.pick([';', '&&', '&amp;']) : '&'));
    parts.push(encodeComponent(r, name));
    if (!r.chance(0.03)) parts.push(Buffer.from('='), encodeComponent(r, value));
  });
  return Buffer.concat(parts);
}

/** Pairs as a JSON object (a form endpoint given JSON, or the internal API given odd JSON). */
export function encodeJson(r: Random, pairs: readonly Pair[]): Buffer {
  const object: Record<string, unknown> = {};
  for (const [name, value] of pairs) {
    const key = String(name);
    object[key] = r.chance(0.2) ? r.pick([null, 1, true, [], {}, [String(value)], { $ne: '' }]) : String(value);
  }
  const text = JSON.stringify(object);
  return Buffer.from(r.chance(0.1) ? text.slice(0, r.int(text.length)) : text, 'utf8');
}
