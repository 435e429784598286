/**
 * The response prototype: every `res` method of Express 4, on an object whose prototype is
 * http.ServerResponse.prototype. Each app derives its own (`app.response = Object.create(response)`)
 * and each request's response gets that as prototype, so nothing is allocated per request.
 * @module
 */
import { ServerResponse } from 'node:http';
import type { ResponseMethods } from '../types/public';
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
// The public callbacks (as in @types/express) type `err` as Error; like Express, a success calls them
// with none, so these three (and render's) are compared with the public type, not assigned unchecked.
response.sendFile = sendFile as ResponseMethods['sendFile'];
response.sendfile = sendfile as ResponseMethods['sendfile'];
response.download = download as ResponseMethods['download'];
response.contentType = type;
response.type = type;
response.format = format;
response.attachment = attachment;
response.append = append;
response.set = set;
response.header = set;
// The public type (as in @types/express) says string; a header set as a number or a list reads back as one.
response.get = get as ResponseMethods['get'];
response.clearCookie = clearCookie;
response.cookie = cookie;
response.location = location;
response.redirect = redirect;
response.vary = vary;
response.render = render as ResponseMethods['render'];
