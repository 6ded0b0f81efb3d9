// An integration's logo is fetched once, at registration, and served from this server: the
// consent page then loads nothing from third parties (no tracking of who looks at it), and
// the integration cannot swap the image after review. Only raster images, recognised by their
// first bytes (not by what the remote server claims), at most 256 KiB; SVG is refused since
// it can carry script.
import { ValidationError } from '../accounts/validation-error.ts';
import { checkWebUri, type ClientLogo } from './client-registry.ts';

const MAX_LOGO_BYTES = 256 * 1024;
const FETCH_TIMEOUT_MS = 5_000;

const SIGNATURES: readonly { type: string; matches: (bytes: Buffer) => boolean }[] = [
  { type: 'image/png', matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', matches: (b) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a' },
  { type: 'image/webp', matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

export function sniffImageType(bytes: Buffer): string | undefined {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.type;
}

export async function fetchLogo(uri: string): Promise<{ uri: string } & ClientLogo> {
  checkWebUri(uri, 'invalid_logo');
  let response: Response;
  try {
    response = await fetch(uri, { redirect: 'error', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (error) {
    throw new ValidationError('invalid_logo', `the logo could not be fetched from ${uri}: ${(error as Error).message}`);
  }
  if (!response.ok) throw new ValidationError('invalid_logo', `the logo address answered ${response.status}: ${uri}`);
  const bytes = await readLimited(response, uri);
  const type = sniffImageType(bytes);
  if (!type) throw new ValidationError('invalid_logo', 'the logo must be a PNG, JPEG, GIF or WebP image');
  return { uri, bytes, type };
}

async function readLimited(response: Response, uri: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.length;
    if (size > MAX_LOGO_BYTES) throw new ValidationError('invalid_logo', `the logo at ${uri} is larger than ${MAX_LOGO_BYTES / 1024} KiB`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}
