/**
 * `webappjs/lib/request`: the request prototype (`webapp.request`), at the path of Express 4's file.
 * @module
 */
import { request } from '../request/index';

export = request;
