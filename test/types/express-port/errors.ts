// Was: import { ErrorRequestHandler, NextFunction, Request, Response } from 'express';
import type { ErrorRequestHandler, NextFunction, Request, Response } from 'webappjs';

export class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
  }
}

export function notFound(req: Request, _res: Response, next: NextFunction): void {
  next(new HttpError(404, `Not found: ${req.originalUrl}`));
}

export const errorHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) return next(err);
  const status = err instanceof HttpError ? err.status : 500;
  res.status(status).format({
    json: () => res.json({ error: err.message, requestId: req.requestId }),
    html: () => res.send(`<h1>${status}</h1>`),
    default: () => res.type('txt').send(String(err.message)),
  });
};

export const asyncHandler =
  <P, ResBody, ReqBody>(
    fn: (req: Request<P, ResBody, ReqBody>, res: Response<ResBody>, next: NextFunction) => Promise<void>,
  ) =>
  (req: Request<P, ResBody, ReqBody>, res: Response<ResBody>, next: NextFunction): void => {
    fn(req, res, next).catch(next);
  };
