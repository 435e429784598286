/**
 * `webappjs/lib/application`: the object applications take their methods from (`webapp.application`),
 * at the path of Express 4's file. Methods replaced here reach applications created afterwards.
 * @module
 */
import { application } from '../application/index';

/**
 * Published as an open record, as Express 4's file is used: plugins read, wrap and add members by name.
 * @example
 * const proto: Record<string, any> = require('webappjs/lib/application');
 */
// biome-ignore lint/suspicious/noExplicitAny: the published type of an object plugins extend by name (Express's file has no types)
const published: Record<string, any> = application;

export = published;
