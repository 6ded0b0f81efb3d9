// Reads a request body that must be one JSON object, with a size limit, so a bad body is a 4xx
// with a reason (415 wrong type, 413 too large, 400 not UTF-8 / not JSON / not an object) and
// never a 500. (oidc-provider parses the bodies of its own endpoints itself.)
import type { Context } from 'koa';
import { AppError } from '../errors.ts';
import { readLimitedBody, type BodyLimit } from '../http/read-body.ts';

const MAX_JSON_BYTES = 16 * 1024;

const JSON_LIMIT: BodyLimit = {
  maxBytes: MAX_JSON_BYTES,
  tooLarge: () => new AppError('payload_too_large', 413, `the body must not exceed ${MAX_JSON_BYTES} bytes`),
  unreadable: () => new AppError('invalid_request', 400, 'the body could not be read'),
};

export async function readJsonObject(ctx: Context): Promise<Record<string, unknown>> {
  const type = ctx.is('application/json');
  if (type === null || ctx.request.length === 0) throw new AppError('invalid_request', 400, 'a JSON body is required');
  if (!type) throw new AppError('unsupported_media_type', 415, 'the body must be application/json');
  const text = decodeUtf8(await readLimitedBody(ctx, JSON_LIMIT));
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('invalid_request', 400, 'the body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AppError('invalid_request', 400, 'the body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

function decodeUtf8(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('invalid_request', 400, 'the body is not UTF-8');
  }
}
