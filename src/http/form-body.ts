// Reads an application/x-www-form-urlencoded body for our own form posts, with a size limit.
// (oidc-provider parses the bodies of its own endpoints itself.)
import type { Context } from 'koa';
import { AppError } from '../errors.ts';

const MAX_FORM_BYTES = 16 * 1024;

export async function readForm(ctx: Context): Promise<URLSearchParams> {
  if (!ctx.is('application/x-www-form-urlencoded')) {
    throw new AppError('unsupported_media_type', 415, 'expected an HTML form post', 'error.formType');
  }
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > MAX_FORM_BYTES) throw new AppError('payload_too_large', 413, 'form too large', 'error.formSize');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) throw new AppError('payload_too_large', 413, 'form too large', 'error.formSize');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
