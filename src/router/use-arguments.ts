/**
 * The argument convention of `app.use` / `router.use`: an optional path first (anything whose
 * first non-array element is not a function), then handlers in any nesting of arrays.
 * @module
 */
import { flatten } from '../utils/flatten';
import { refuseUncalledFactories } from '../utils/middleware-factory';
import type { PathArgument } from './path';

export interface UseArguments {
  path: PathArgument;
  handlers: unknown[];
}

/** Splits the arguments; throws if a handler is one of webapp's middleware factories, uncalled. */
export function splitUseArguments(first: unknown, rest: unknown[]): UseArguments {
  let split: UseArguments | undefined;
  if (typeof first !== 'function') {
    let arg = first;
    while (Array.isArray(arg) && arg.length !== 0) arg = arg[0];
    if (typeof arg !== 'function') split = { path: first as PathArgument, handlers: flatten(rest) };
  }
  split ??= { path: '/', handlers: flatten([first, ...rest]) };
  refuseUncalledFactories(split.handlers, 'use');
  return split;
}
