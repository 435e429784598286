/**
 * The argument convention of `app.use` / `router.use`: an optional path first (anything whose
 * first non-array element is not a function), then handlers in any nesting of arrays.
 * @module
 */
import { flatten } from '../utils/flatten';
import type { PathArgument } from './path';

export interface UseArguments {
  path: PathArgument;
  handlers: unknown[];
}

export function splitUseArguments(first: unknown, rest: unknown[]): UseArguments {
  if (typeof first !== 'function') {
    let arg = first;
    while (Array.isArray(arg) && arg.length !== 0) arg = arg[0];
    if (typeof arg !== 'function') return { path: first as PathArgument, handlers: flatten(rest) };
  }
  return { path: '/', handlers: flatten([first, ...rest]) };
}
