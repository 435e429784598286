/**
 * `webapp/lib/response`: the response prototype (`webapp.response`), at the path of Express 4's file.
 * @module
 */
import { response } from '../response/index';

export = response;
