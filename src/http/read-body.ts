// Reads a request body with a size limit, for our own endpoints (oidc-provider reads the
// bodies of its endpoints itself). A declared length over the limit is refused before a byte
// is read; a body that grows past it while streaming is cut off. A client that goes away or
// breaks the framing mid-body is its own fault: a 4xx, never a 500 in our logs.
import type { Context } from 'koa';
import { AppError } from '../errors.ts';

export interface BodyLimit {
  readonly maxBytes: number;
  readonly tooLarge: () => AppError;
  /** The stream failed: the client aborted, or sent a body its framing headers contradict. */
  readonly unreadable: () => AppError;
}

export async function readLimitedBody(ctx: Context, limit: BodyLimit): Promise<Buffer> {
  if (Number(ctx.get('content-length') || 0) > limit.maxBytes) throw limit.tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit.maxBytes) throw limit.tooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    throw error instanceof AppError ? error : limit.unreadable();
  }
  return Buffer.concat(chunks);
}
