/**
 * `webappjs/lib/response`: the response prototype (`webapp.response`), at the path of Express 4's file.
 * @module
 */
import { response } from '../response/index';

/** The prototype as it is at run time: `locals` is a getter on it (created on first read, see ../application/locals). */
const prototype: typeof response & { locals: Record<string, unknown> } = response as typeof response & {
  locals: Record<string, unknown>;
};

export = prototype;
