// Turns an honest request to one of the server's endpoints (endpoints.ts) into a hostile one:
// parameters duplicated, dropped or replaced by hostile values, broken encodings, the wrong
// content type or none, JSON for a form and the reverse, empty, garbage, truncated and
// oversized bodies, oversized headers, unusual methods, path traversal. Each request is drawn
// from the seeded generator alone, never from an answer, so a seed replays the same run.
import type { RawRequest } from '../raw-http.ts';
import type { Random } from './random.ts';
import { ENDPOINTS, type Carrier, type FuzzTargets, type Header } from './endpoints.ts';
import { encodeJson, encodePairs, hostileName, hostileValue, type Bytes, type Pair } from './values.ts';

export interface FuzzRequest extends RawRequest {
  /** What was sent, for the failure message. */
  readonly label: string;
}

const MIB = 1024 * 1024;
const OVERSIZED_BODY_BYTES = 2 * MIB;
const OVERSIZED_HEADER_BYTES = 64 * 1024;
/** How long a client that sent less body than it declared waits before giving up. */
const PATIENCE_MS = 300;
const UNUSUAL_METHODS = ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND', 'get', 'FOO'];
const CONTENT_TYPES = [
  'application/json', 'text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded; charset=utf-7',
  'application/x-www-form-urlencoded; charset=nonsense', 'application/x-www-form-urlencoded; charset=latin1', 'application/json; charset=utf-16',
  'application/x-www-form-urlencoded, application/json', '', '*/*', 'application/', ';;;', 'text/html',
];

export function generateRequest(r: Random, targets: FuzzTargets): FuzzRequest {
  const endpoint = r.pick(ENDPOINTS);
  const method = r.chance(0.12) ? r.pick(UNUSUAL_METHODS) : r.chance(0.05) ? (endpoint.method === 'GET' ? 'POST' : 'GET') : endpoint.method;
  const params = mutateParams(r, endpoint.params(r, targets));
  const carrier: Carrier = r.chance(0.1) ? r.pick(['query', 'form', 'json']) : endpoint.carrier;
  const path = mutatePath(r, endpoint.path(r, targets));
  const query = carrier === 'query' && params.length > 0 ? Buffer.concat([Buffer.from('?'), encodePairs(r, params)]) : Buffer.alloc(0);
  const target = Buffer.concat([Buffer.from(path, 'latin1'), query]);
  const { body, headers: bodyHeaders, chunked, rawFraming, patienceMs, note } = buildBody(r, carrier, params);
  const headers = [...endpoint.headers(r, targets), ...bodyHeaders, ...junkHeaders(r)];
  const label = `${endpoint.name}: ${method} ${target.toString('latin1').slice(0, 120)} (${note}, ${body.length} bytes)`;
  return { method, target, headers, body, chunked, rawFraming, patienceMs, label };
}

function mutateParams(r: Random, honest: Pair[]): Pair[] {
  const pairs = [...honest];
  const names = honest.map(([name]) => String(name));
  const rounds = r.chance(0.6) ? 1 + r.int(3) : 0;
  for (let i = 0; i < rounds; i += 1) {
    const at = r.int(Math.max(pairs.length, 1));
    const roll = r.next();
    if (roll < 0.2 && pairs[at]) pairs.splice(at, 0, [pairs[at][0], r.chance(0.5) ? pairs[at][1] : hostileValue(r)]);
    else if (roll < 0.35) pairs.splice(at, 1);
    else if (roll < 0.7 && pairs[at]) pairs[at] = [pairs[at][0], hostileValue(r)];
    else if (roll < 0.85) pairs.push([hostileName(r, names), hostileValue(r)]);
    else if (pairs[at]) pairs[at] = [hostileName(r, []), pairs[at][1]];
  }
  return pairs;
}

function mutatePath(r: Random, path: string): string {
  if (!r.chance(0.12)) return path;
  const variants = [
    `${path}/`, path.toUpperCase(), `/${path}`, `${path}/..`, `${path}/%2e%2e`, `${path};jsessionid=x`, `${path}%00`,
    `${path}%`, `${path}%zz`, `${path}%ff%fe`, `${path}\xff\xfe`, `${path}/${'a'.repeat(10_000)}`, `${path}#frag`,
    path.replace(/\//g, '%2f'), `${path}?`, `${path}??a=b`, `${path}/./`, `/./${path.slice(1)}`,
  ];
  return r.pick(variants);
}

interface Body { body: Buffer; headers: Header[]; chunked?: boolean; rawFraming?: boolean; patienceMs?: number; note: string }

function buildBody(r: Random, carrier: Carrier, params: Pair[]): Body {
  const roll = r.next();
  if (roll < 0.01) return oversizedBody(r);
  if (carrier === 'query' && roll < 0.9) return { body: Buffer.alloc(0), headers: [], note: 'no body' };
  const asJson = carrier === 'json' ? !r.chance(0.1) : r.chance(0.07);
  const encoded = asJson ? encodeJson(r, params) : encodePairs(r, params);
  const honestType = carrier === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
  const type: Header[] = r.chance(0.82) ? [['Content-Type', honestType]] : r.chance(0.3) ? [] : [['Content-Type', r.pick(CONTENT_TYPES)]];
  if (r.chance(0.03)) type.push(['Content-Type', r.pick(CONTENT_TYPES)]);
  const shape = r.next();
  if (shape < 0.05) return { body: Buffer.alloc(0), headers: type, note: 'empty body' };
  if (shape < 0.1) return { body: r.bytes(r.int(2048)), headers: type, note: 'garbage body' };
  if (shape < 0.13) return truncatedBody(r, encoded, type);
  return { body: encoded, headers: type, chunked: shape > 0.93, note: asJson ? 'json body' : 'form body' };
}

/** Framing that lies: a shorter body than declared, or headers Node must refuse. */
function truncatedBody(r: Random, encoded: Buffer, type: Header[]): Body {
  const framing: Header[] = r.pick([
    [['Content-Length', String(encoded.length + 1 + r.int(100))]],
    [['Content-Length', 'abc']], [['Content-Length', '-1']],
    [['Content-Length', String(encoded.length)], ['Content-Length', String(encoded.length + 1)]],
    [['Content-Length', String(encoded.length)], ['Transfer-Encoding', 'chunked']],
    [['Transfer-Encoding', 'gzip, chunked']],
  ]);
  return { body: encoded, headers: [...type, ...framing], rawFraming: true, patienceMs: PATIENCE_MS, note: `framing ${framing.map(([n, v]) => `${n}=${String(v)}`).join(' ')}` };
}

function oversizedBody(r: Random): Body {
  const body = Buffer.concat([Buffer.from('a='), Buffer.alloc(OVERSIZED_BODY_BYTES, 'a')]);
  const type = r.pick(['application/x-www-form-urlencoded', 'application/json']);
  return { body, headers: [['Content-Type', type]], chunked: r.chance(0.5), note: 'oversized body' };
}

function junkHeaders(r: Random): Header[] {
  const headers: Header[] = [];
  if (r.chance(0.01)) headers.push(['X-Oversized', 'a'.repeat(OVERSIZED_HEADER_BYTES)]);
  if (r.chance(0.005)) for (let i = 0; i < 2000; i += 1) headers.push([`X-Many-${i}`, 'x']);
  if (!r.chance(0.15)) return headers;
  const junk: Header[] = [
    ['Accept-Language', hostileValue(r)], ['Origin', r.pick(['null', 'https://evil.example', ''])], ['Sec-Fetch-Site', r.pick(['cross-site', 'same-site', 'same-origin'])],
    ['X-Forwarded-For', hostileValue(r)], ['X-Forwarded-Host', 'evil.example'], ['X-Forwarded-Proto', r.pick(['https', 'gopher', ''])],
    ['Host', r.pick(['evil.example', '', 'a'.repeat(300), '[::1', '127.0.0.1:99999'])], ['Accept', r.pick(['application/json', '*/*', 'text/html;q=x'])],
    ['If-None-Match', hostileValue(r)], ['Range', 'bytes=0-0,-1'], ['Expect', '100-continue'], ['Content-Encoding', 'gzip'],
    ['Cookie', hostileValue(r)], ['User-Agent', hostileValue(r)], ['X-Garbage', r.bytes(30)],
  ];
  headers.push(r.pick(junk));
  return headers.filter(([, value]: readonly [string, Bytes]) => !String(value).includes('\r\n'));
}
