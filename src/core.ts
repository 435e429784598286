/**
 * `webappjs/core`: the public types of webapp, the counterpart of `express-serve-static-core`.
 * Import types from here, or retarget `declare module 'express-serve-static-core'` blocks to
 * `declare module 'webappjs/core'`. At run time the module is empty.
 * @example
 * import type { Request, Response, NextFunction } from 'webappjs/core';
 * declare module 'webappjs/core' { interface Request { tenant?: string } }
 * @module
 */
export type * from './types/public';
