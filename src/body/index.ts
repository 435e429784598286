/**
 * The built-in body parsers: `json`, `raw`, `text` and `urlencoded` (exposed as `webapp.json` etc.).
 * @module
 */
export { type JsonOptions, json } from './json';
export type { BodyParserMiddleware, ParserOptions } from './options';
export { type RawOptions, raw } from './raw';
export type { Verify } from './read';
export { type TextOptions, text } from './text';
export { type UrlencodedOptions, urlencoded } from './urlencoded';
