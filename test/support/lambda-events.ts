/**
 * API Gateway events (REST API payload 1.0, HTTP API payload 2.0) for the transport tests' requests,
 * and the Lambda results read back, for serverless-http and @vendia/serverless-express.
 */
import { normalHeaders, type TransportRequest, type TransportResponse } from './transports';

function split(path: string): { pathname: string; query: string } {
  const at = path.indexOf('?');
  return at === -1
    ? { pathname: path, query: '' }
    : { pathname: path.slice(0, at), query: path.slice(at + 1) };
}

/** A REST API (payload 1.0) event, the body base64 as API Gateway sends binary bodies. */
export function v1Event(request: TransportRequest): object {
  const { pathname, query } = split(request.path);
  const params = new URLSearchParams(query);
  const headers = { host: 'api.example.com', ...request.headers };
  return {
    httpMethod: request.method,
    path: pathname,
    resource: '/{proxy+}',
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
    queryStringParameters: query ? Object.fromEntries(params) : null,
    multiValueQueryStringParameters: query
      ? Object.fromEntries([...params.keys()].map((k) => [k, params.getAll(k)]))
      : null,
    body: request.body ? request.body.toString('base64') : null,
    isBase64Encoded: request.body !== undefined,
    requestContext: {
      identity: { sourceIp: '198.51.100.1' },
      httpMethod: request.method,
      path: pathname,
      stage: 'prod',
    },
  };
}

/** An HTTP API (payload 2.0) event. */
export function v2Event(request: TransportRequest): object {
  const { pathname, query } = split(request.path);
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: pathname,
    rawQueryString: query,
    headers: { host: 'api.example.com', ...request.headers },
    body: request.body ? request.body.toString('base64') : undefined,
    isBase64Encoded: request.body !== undefined,
    requestContext: {
      http: {
        method: request.method,
        path: pathname,
        protocol: 'HTTP/1.1',
        sourceIp: '198.51.100.2',
        userAgent: 'test',
      },
      stage: '$default',
    },
  };
}

/** What API Gateway would send on: the result's status, headers (Set-Cookie as a list), body bytes. */
export function fromResult(result: any): TransportResponse {
  const headers = normalHeaders({ ...result.headers });
  const multi = result.multiValueHeaders as Record<string, unknown[]> | undefined;
  for (const [name, values] of Object.entries(multi ?? {})) {
    const lower = name.toLowerCase();
    if (lower === 'date') continue;
    headers[lower] = values.length === 1 && lower !== 'set-cookie' ? String(values[0]) : values.map(String);
  }
  if (result.cookies) headers['set-cookie'] = result.cookies;
  const body = Buffer.from(result.body ?? '', result.isBase64Encoded ? 'base64' : 'utf8');
  return { status: result.statusCode, headers, body };
}
