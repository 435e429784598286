/**
 * The response prototype: every `res` method of Express 4, on an object whose prototype is
 * http.ServerResponse.prototype. Each app derives its own (`app.response = Object.create(response)`)
 * and each request's response gets that as prototype, so nothing is allocated per request.
 * @module
 */
import { ServerResponse } from 'node:http';
import { attachment } from './attachment';
import { clearCookie, cookie } from './cookie';
import { format } from './format';
import { append, get, set } from './headers';
import { json } from './json';
import { jsonp } from './jsonp';
import { links } from './links';
import { location } from './location';
import { redirect } from './redirect';
import { render } from './render';
import { send } from './send';
import { download, sendFile, sendfile } from './send-file';
import { sendStatus, status } from './status';
import { type } from './type';
import { vary } from './vary';

export type { CookieOptions } from '../http/cookie';
export type { FormatCallback } from './format';

/** The members webapp adds to node's ServerResponse. */
export interface ResponseMethods {
  append: typeof append;
  attachment: typeof attachment;
  clearCookie: typeof clearCookie;
  contentType: typeof type;
  cookie: typeof cookie;
  download: typeof download;
  format: typeof format;
  get: typeof get;
  header: typeof set;
  json: typeof json;
  jsonp: typeof jsonp;
  links: typeof links;
  location: typeof location;
  redirect: typeof redirect;
  render: typeof render;
  send: typeof send;
  sendFile: typeof sendFile;
  sendfile: typeof sendfile;
  sendStatus: typeof sendStatus;
  set: typeof set;
  status: typeof status;
  type: typeof type;
  vary: typeof vary;
}

/**
 * The shared response prototype (`webapp.response`).
 * @example
 * webapp.response.sendOk = function () { return this.sendStatus(200); };
 */
export const response: ServerResponse & ResponseMethods = Object.create(ServerResponse.prototype);

response.status = status;
response.links = links;
response.send = send;
response.json = json;
response.jsonp = jsonp;
response.sendStatus = sendStatus;
response.sendFile = sendFile;
response.sendfile = sendfile;
response.download = download;
response.contentType = type;
response.type = type;
response.format = format;
response.attachment = attachment;
response.append = append;
response.set = set;
response.header = set;
response.get = get;
response.clearCookie = clearCookie;
response.cookie = cookie;
response.location = location;
response.redirect = redirect;
response.vary = vary;
response.render = render;
