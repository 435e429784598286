/**
 * Loose internal shapes of the application, request and response used across modules.
 * The public, fully generic types that users see live beside this file (issue: TypeScript-native types).
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type Next = (err?: unknown) => void;

export interface AppInternal {
  (req: IncomingMessage, res: ServerResponse, next?: Next): void;
  settings: Record<string, any>;
  locals: Record<string, any>;
  engines: Record<string, any>;
  cache: Record<string, any>;
  request: object;
  response: object;
  mountpath: string | string[];
  parent?: AppInternal;
  _router?: any;
  get(name: string, ...handlers: any[]): any;
  set(name: string, value?: unknown): any;
  enabled(name: string): boolean;
  disabled(name: string): boolean;
  path(): string;
  handle(req: IncomingMessage, res: ServerResponse, next?: Next): void;
  render(name: string, options: any, callback?: (err: Error | null, html?: string) => void): void;
  [key: string]: any;
}

export interface Req extends IncomingMessage {
  app: AppInternal;
  res: Res;
  next: Next;
  url: string;
  method: string;
  baseUrl: string;
  originalUrl: string;
  params: Record<string, any>;
  query: any;
  body?: any;
  route?: any;
  _body?: boolean;
  secret?: string | string[];
  [key: string]: any;
}

export interface Res extends ServerResponse {
  app: AppInternal;
  req: Req;
  locals: Record<string, any>;
  [key: string]: any;
}

export type Middleware = (req: Req, res: Res, next: Next) => unknown;
export type ErrorMiddleware = (err: any, req: Req, res: Res, next: Next) => unknown;
