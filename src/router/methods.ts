/**
 * The HTTP methods that get `app.METHOD` / `router.METHOD` / `route.METHOD`: node's own list, lowercased
 * (`m-search` included, reachable by bracket notation).
 * @module
 */
import { METHODS } from 'node:http';

export const methods: readonly string[] = METHODS.map((method) => method.toLowerCase());
