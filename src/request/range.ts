/**
 * `req.range`: parse the Range header against a resource size.
 * @module
 */
import { parseRange, type RangeOptions, type Ranges } from '../http/range';
import type { Req } from '../types/internal';

/**
 * The ranges of the Range header capped to `size` (an array with a `type` property, each item
 * `{ start, end }` inclusive); -1 when unsatisfiable, -2 when malformed, undefined without a
 * Range header. `{ combine: true }` merges overlapping and adjacent ranges.
 * @example
 * // Range: bytes=0-99,50-149
 * req.range(1000) // [{ start: 0, end: 99 }, { start: 50, end: 149 }]
 * req.range(1000, { combine: true }) // [{ start: 0, end: 149 }]
 */
export function range(this: Req, size: number, options?: RangeOptions): Ranges | -1 | -2 | undefined {
  const header = this.headers.range;
  if (!header) return undefined;
  return parseRange(size, header, options);
}
