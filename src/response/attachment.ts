/**
 * res.attachment: marks the response as a download.
 * @module
 */
import { extname } from 'node:path';
import { contentDisposition } from '../http/content-disposition';
import type { Res } from '../types/internal';

/**
 * Sets `Content-Disposition: attachment`, and with a file name also `filename=` (plus `filename*`
 * for non-Latin-1 names) and Content-Type from its extension. Chainable.
 * @example
 * res.attachment('reports/2024 €.pdf');
 * // Content-Type: application/pdf
 * // Content-Disposition: attachment; filename="2024 ?.pdf"; filename*=UTF-8''2024%20%E2%82%AC.pdf
 */
export function attachment<T extends Res>(this: T, filename?: string): T {
  if (filename) this.type(extname(filename));
  this.set('Content-Disposition', contentDisposition(filename));
  return this;
}
