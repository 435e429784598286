/**
 * res.vary: adds field names to the Vary header.
 * @module
 */
import { varyResponse } from '../http/vary';
import type { Res } from '../types/internal';
import { deprecate } from '../utils/deprecate';

/**
 * Adds `field` (a name, comma list or array) to Vary unless already present. Chainable.
 * @example
 * res.vary('Accept-Encoding').vary(['Origin', 'Accept']);
 */
export function vary<T extends Res>(this: T, field: string | string[]): T {
  if (!field || (Array.isArray(field) && field.length === 0)) {
    deprecate('WEBAPP_RES_VARY_EMPTY', 'res.vary(): Provide a field name');
    return this;
  }
  varyResponse(this, field);
  return this;
}
