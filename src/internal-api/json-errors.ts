// Every answer of the internal API is for a machine: errors are JSON
// `{"error": code, "error_description": text}` (RFC 6749 section 5.2's shape), never a page and
// never a stack trace; anything unexpected is logged and answered 500 `server_error`. Nothing
// may be cached, not even by the caller: answers carry live permissions.
import type { Context, Middleware } from 'koa';
import { AppError } from '../errors.ts';

export function jsonErrors(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (error instanceof AppError && error.expose) {
        answerError(ctx, error.status, error.code, error.message);
      } else {
        ctx.app.emit('error', error, ctx);
        answerError(ctx, 500, 'server_error', 'the request could not be completed; try again later');
      }
    } finally {
      ctx.set('Cache-Control', 'no-store');
    }
  };
}

function answerError(ctx: Context, status: number, code: string, description: string): void {
  ctx.status = status;
  ctx.body = { error: code, error_description: description };
}
