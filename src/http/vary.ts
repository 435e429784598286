/**
 * The `Vary` response header as a case-insensitive set of field names (RFC 7231 7.1.4).
 * @module
 */
import type { ServerResponse } from 'node:http';
import { webappError } from '../errors/catalogue';

const FIELD_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Splits a comma list, dropping the spaces (only 0x20) around each element; empty elements are kept. */
function splitList(header: string): string[] {
  const list: string[] = [];
  for (const part of header.split(',')) {
    let start = 0;
    let end = part.length;
    while (start < end && part.charCodeAt(start) === 0x20) start++;
    while (end > start && part.charCodeAt(end - 1) === 0x20) end--;
    list.push(part.slice(start, end));
  }
  return list;
}

/**
 * Adds `field` (a name, a comma list or an array of names) to the Vary value `header`; names already
 * present (in any case) are skipped, and `*` absorbs everything. Invalid names throw a TypeError.
 * @example
 * appendVary('Accept', ['accept', 'Origin']) // 'Accept, Origin'
 */
export function appendVary(header: string, field: string | string[]): string {
  if (typeof header !== 'string') throw webappError('WEBAPP_VARY_HEADER_REQUIRED');
  if (!field) throw webappError('WEBAPP_VARY_FIELD_REQUIRED');
  // The usual call: one valid name, no Vary yet (a valid name holds no comma or space to split on).
  if (header === '' && typeof field === 'string' && FIELD_NAME.test(field)) return field;
  const fields = Array.isArray(field) ? field : splitList(String(field));
  for (const name of fields) {
    if (!FIELD_NAME.test(name)) throw webappError('WEBAPP_VARY_FIELD_INVALID');
  }
  if (header === '*') return header;

  const present = new Set(splitList(header.toLowerCase()));
  if (present.has('*') || fields.includes('*')) return '*';
  let value = header;
  for (const name of fields) {
    const lower = name.toLowerCase();
    if (present.has(lower)) continue;
    present.add(lower);
    value = value ? `${value}, ${name}` : name;
  }
  return value;
}

/**
 * Adds `field` to the response's Vary header.
 * @example
 * varyResponse(res, 'Accept-Encoding')
 */
export function varyResponse(res: ServerResponse, field: string | string[]): void {
  const current = res.getHeader('Vary') || '';
  const header = Array.isArray(current) ? current.join(', ') : String(current);
  const value = appendVary(header, field);
  if (value) res.setHeader('Vary', value);
}
