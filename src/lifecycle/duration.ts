/**
 * The times the lifecycle options take: milliseconds as a number, or a string such as '5s', '500ms',
 * '2m' (or '5000'). Anything negative, not finite or unparsable is refused with the caller's code.
 * @module
 */
import { webappError } from '../errors/catalogue';
import { ms } from '../utils/ms';

type DurationCode = 'WEBAPP_SHUTDOWN_TIMEOUT_INVALID' | 'WEBAPP_TIMEOUT_INVALID';

/**
 * `value` in milliseconds; throws the RangeError `code` for a value that is not a duration.
 * @example
 * parseDuration('5s', 'WEBAPP_TIMEOUT_INVALID') // 5000
 */
export function parseDuration(value: unknown, code: DurationCode): number {
  let parsed: number | undefined;
  if (typeof value === 'number') parsed = value;
  else if (typeof value === 'string') parsed = ms(value.trim());
  if (parsed === undefined || !Number.isFinite(parsed) || parsed < 0) {
    throw webappError(code, describe(value));
  }
  return parsed;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value);
  return typeof value;
}
