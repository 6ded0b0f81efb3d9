// Reads an application/x-www-form-urlencoded body for our own form posts, with a size limit.
// (oidc-provider parses the bodies of its own endpoints itself.) A form holding NUL is refused:
// no form of ours has a use for one, and PostgreSQL text and jsonb cannot store it.
import type { Context } from 'koa';
import { AppError } from '../errors.ts';
import { readLimitedBody, type BodyLimit } from './read-body.ts';

const MAX_FORM_BYTES = 16 * 1024;

const FORM_LIMIT: BodyLimit = {
  maxBytes: MAX_FORM_BYTES,
  tooLarge: () => new AppError('payload_too_large', 413, 'form too large', 'error.formSize'),
  unreadable: () => new AppError('invalid_request', 400, 'the form could not be read', 'error.formType'),
};

export async function readForm(ctx: Context): Promise<URLSearchParams> {
  if (!ctx.is('application/x-www-form-urlencoded')) {
    throw new AppError('unsupported_media_type', 415, 'expected an HTML form post', 'error.formType');
  }
  const form = new URLSearchParams((await readLimitedBody(ctx, FORM_LIMIT)).toString('utf8'));
  for (const [name, value] of form) if (name.includes('\0') || value.includes('\0')) throw FORM_LIMIT.unreadable();
  return form;
}
