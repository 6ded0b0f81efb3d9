// HTTP/1.1 written byte by byte over a TCP socket, for tests that must send what no well-behaved
// client would: invalid bytes in the request line and headers, lying or missing framing
// headers, bodies larger than the server accepts. node:http's client validates paths and header
// values before sending, so it can't; node:net can. One request per connection (Connection:
// close), the whole answer read until the server closes. The client never half-closes: Node's
// server takes a client's FIN as an abort and drops the answer.
import { connect } from 'node:net';

export type Bytes = string | Buffer;

export interface RawRequest {
  readonly method: string;
  /** The request target exactly as sent (a Buffer may hold any bytes). */
  readonly target: Bytes;
  readonly headers?: readonly (readonly [string, Bytes])[];
  readonly body?: Buffer;
  /** Send the body with Transfer-Encoding: chunked instead of Content-Length. */
  readonly chunked?: boolean;
  /** Framing headers as given only: no Content-Length or Transfer-Encoding added. */
  readonly rawFraming?: boolean;
  /**
   * For a request the server may rightly wait on (a body shorter than declared): after this long
   * without a byte, close the connection as a client would and return what came (status 0 and
   * `gaveUp` when nothing did).
   */
  readonly patienceMs?: number;
}

export interface RawResponse {
  /** 0 when the connection ended without a status line. */
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** A socket error seen (ECONNRESET, EPIPE): normal when the server answers before reading a large body. */
  readonly socketError?: string;
  readonly gaveUp?: boolean;
}

const TIMEOUT_MS = 15_000;
const CHUNK_BYTES = 8 * 1024;

export function sendRaw(origin: string, request: RawRequest): Promise<RawResponse> {
  const { hostname, port } = new URL(origin);
  return new Promise((done, fail) => {
    const received: Buffer[] = [];
    let socketError: string | undefined;
    let timedOut = false;
    const socket = connect({ host: hostname, port: Number(port) });
    socket.setTimeout(request.patienceMs ?? TIMEOUT_MS, () => {
      if (request.patienceMs !== undefined) {
        // An answer may have come before the body was read; the server then waits for the rest.
        timedOut = true;
        socket.destroy();
        return;
      }
      socket.destroy();
      fail(new Error(`no answer within ${TIMEOUT_MS} ms to ${request.method} ${String(request.target).slice(0, 200)}`));
    });
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => { socketError = error.code ?? error.message; });
    socket.on('close', () => {
      const response = parseResponse(Buffer.concat(received));
      done({ ...response, socketError, gaveUp: timedOut && response.status === 0 });
    });
    socket.on('connect', () => socket.write(serializeRequest(hostname, port, request)));
  });
}

export function serializeRequest(hostname: string, port: string, request: RawRequest): Buffer {
  const lines: Buffer[] = [Buffer.from(`${request.method} `, 'latin1'), toBuffer(request.target), Buffer.from(' HTTP/1.1\r\n')];
  const headers = [...(request.headers ?? [])];
  const has = (name: string) => headers.some(([n]) => n.toLowerCase() === name);
  if (!has('host')) headers.unshift(['Host', `${hostname}:${port}`]);
  if (!has('connection')) headers.push(['Connection', 'close']);
  const body = request.body ?? Buffer.alloc(0);
  if (!request.rawFraming) {
    if (request.chunked) headers.push(['Transfer-Encoding', 'chunked']);
    else if (body.length > 0 || request.method === 'POST') headers.push(['Content-Length', String(body.length)]);
  }
  for (const [name, value] of headers) lines.push(Buffer.from(`${name}: `, 'latin1'), toBuffer(value), Buffer.from('\r\n'));
  lines.push(Buffer.from('\r\n'));
  lines.push(request.chunked && !request.rawFraming ? encodeChunked(body) : body);
  return Buffer.concat(lines);
}

function toBuffer(bytes: Bytes): Buffer {
  return typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes;
}

function encodeChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at < body.length; at += CHUNK_BYTES) {
    const chunk = body.subarray(at, at + CHUNK_BYTES);
    parts.push(Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
}

function parseResponse(all: Buffer): Omit<RawResponse, 'socketError'> {
  const raw = skipInterimResponses(all);
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return { status: 0, headers: {}, body: raw.toString('latin1') };
  const [statusLine = '', ...headerLines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = raw.subarray(end + 4);
  const body = headers['transfer-encoding']?.includes('chunked') ? decodeChunked(rest) : rest;
  return { status: Number(statusLine.split(' ')[1]) || 0, headers, body: body.toString('utf8') };
}

/** `100 Continue` (an answer to Expect: 100-continue) precedes the real answer. */
function skipInterimResponses(raw: Buffer): Buffer {
  let rest = raw;
  while (/^HTTP\/1\.[01] 1\d\d /.test(rest.subarray(0, 16).toString('latin1'))) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    rest = rest.subarray(end + 4);
  }
  return rest;
}

function decodeChunked(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < raw.length) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
