/**
 * Content negotiation over the Accept, Accept-Charset, Accept-Encoding and Accept-Language request
 * headers, backed by the `negotiator` package. Media types may be given as extensions (`json`),
 * which are looked up in the MIME table.
 * @module
 */
import type { IncomingMessage } from 'node:http';
import Negotiator from 'negotiator';
import { lookupType } from './mime';

function toMime(type: unknown): string | false {
  if (typeof type !== 'string') return false;
  return type.indexOf('/') === -1 ? lookupType(type) : type;
}

/**
 * The best of `types` for the request's Accept header, returned as given (extension or type);
 * false when none is acceptable. Without an Accept header the first type wins. With an empty
 * list, every type the client accepts, best first.
 * @example
 * // Accept: text/html, application/json;q=0.9
 * acceptsTypes(req, ['json', 'html']) // 'html'
 */
export function acceptsTypes(req: IncomingMessage, types: readonly unknown[]): string[] | string | false {
  if (types.length === 0) return new Negotiator(req).mediaTypes();
  const accept = req.headers.accept;
  if (!accept) return types[0] as string;
  const mimes = types.map(toMime);
  // What curl, fetch and most API clients send. Every well-formed type then ranks alike, and ties
  // keep the order given: the first one wins, without parsing the header and sorting.
  if (accept === '*/*') return firstWellFormed(types, mimes);
  const valid = mimes.filter((type): type is string => typeof type === 'string');
  const best = new Negotiator(req).mediaTypes(valid)[0];
  return best ? (types[mimes.indexOf(best)] as string) : false;
}

/** negotiator's test of an offered media type: `type/subtype`, optional parameters after `;`. */
const MEDIA_TYPE = /^\s*[^\s/;]+\/[^;\s]+\s*(?:;.*)?$/;

function firstWellFormed(types: readonly unknown[], mimes: readonly (string | false)[]): string | false {
  for (let i = 0; i < mimes.length; i++) {
    const mime = mimes[i];
    if (typeof mime === 'string' && MEDIA_TYPE.test(mime)) return types[i] as string;
  }
  return false;
}

/**
 * The first of `charsets` acceptable per Accept-Charset, or false; all accepted charsets when
 * the list is empty.
 * @example
 * acceptsCharsets(req, ['utf-8']) // 'utf-8'
 */
export function acceptsCharsets(
  req: IncomingMessage,
  charsets: readonly string[],
): string[] | string | false {
  const negotiator = new Negotiator(req);
  if (charsets.length === 0) return negotiator.charsets();
  return negotiator.charsets(charsets as string[])[0] || false;
}

/**
 * The first of `encodings` acceptable per Accept-Encoding, or false; all accepted encodings
 * when the list is empty (`identity` is always acceptable unless refused).
 * @example
 * acceptsEncodings(req, ['gzip', 'deflate']) // 'gzip'
 */
export function acceptsEncodings(
  req: IncomingMessage,
  encodings: readonly string[],
): string[] | string | false {
  const negotiator = new Negotiator(req);
  if (encodings.length === 0) return negotiator.encodings();
  return negotiator.encodings(encodings as string[])[0] || false;
}

/**
 * The first of `languages` acceptable per Accept-Language, or false; all accepted languages
 * when the list is empty.
 * @example
 * acceptsLanguages(req, ['en', 'fr']) // 'fr' for Accept-Language: fr
 */
export function acceptsLanguages(
  req: IncomingMessage,
  languages: readonly string[],
): string[] | string | false {
  const negotiator = new Negotiator(req);
  if (languages.length === 0) return negotiator.languages();
  return negotiator.languages(languages as string[])[0] || false;
}
