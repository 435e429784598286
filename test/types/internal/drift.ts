// Compiled in place against src/: the public option and factory types (src/types) must cover every
// option the runtime reads and must only let through values the runtime accepts. When a runtime
// module gains an option, this fails until the public type has it too.
import type { json, JsonOptions as RuntimeJson } from '../../../src/body/json';
import type { RawOptions as RuntimeRaw, raw } from '../../../src/body/raw';
import type { TextOptions as RuntimeText, text } from '../../../src/body/text';
import type { UrlencodedOptions as RuntimeUrlencoded, urlencoded } from '../../../src/body/urlencoded';
import type { CookieOptions as RuntimeCookie } from '../../../src/http/cookie';
import type { RangeOptions as RuntimeRange } from '../../../src/http/range';
import type { CookieParserOptions as RuntimeCookieParser } from '../../../src/middleware/cookie-parser';
import type { SendFileOptions as RuntimeSendFile } from '../../../src/response/send-file';
import type { RouterOptions as RuntimeRouter } from '../../../src/router/index';
import type { ServeStaticOptions as RuntimeStatic } from '../../../src/static/serve-static';
import type { Webapp } from '../../../src/types/factory';
import type * as core from '../../../src/types/public';

/** `true` when every key of the runtime type is declared by the public one. */
type Covers<Public, Runtime> =
  Exclude<keyof Runtime, keyof Public> extends never ? true : Exclude<keyof Runtime, keyof Public>;
function covers<T extends true>(): T | undefined {
  return undefined;
}

covers<Covers<core.JsonOptions, RuntimeJson>>();
covers<Covers<core.RawOptions, RuntimeRaw>>();
covers<Covers<core.TextOptions, RuntimeText>>();
covers<Covers<core.UrlencodedOptions, RuntimeUrlencoded>>();
covers<Covers<core.ServeStaticOptions, RuntimeStatic>>();
covers<Covers<core.SendFileOptions, RuntimeSendFile>>();
covers<Covers<core.DownloadOptions, RuntimeSendFile>>();
covers<Covers<core.CookieParserOptions, RuntimeCookieParser>>();
covers<Covers<core.CookieOptions, RuntimeCookie>>();
covers<Covers<core.RangeOptions, RuntimeRange>>();
covers<Covers<core.RouterOptions, RuntimeRouter>>();

// Values allowed by the public types are values the runtime accepts.
declare const publicJson: core.JsonOptions;
declare const publicRaw: core.RawOptions;
declare const publicText: core.TextOptions;
declare const publicUrlencoded: core.UrlencodedOptions;
declare const publicStatic: core.ServeStaticOptions;
declare const publicSendFile: Omit<core.SendFileOptions, 'headers'>;
declare const publicCookieParser: core.CookieParserOptions;
declare const publicCookie: core.CookieOptions;
declare const publicRouter: core.RouterOptions;
export const accepted: [
  RuntimeJson,
  RuntimeRaw,
  RuntimeText,
  RuntimeUrlencoded,
  RuntimeStatic,
  RuntimeSendFile,
  RuntimeCookieParser,
  RuntimeCookie,
  RuntimeRouter,
] = [
  publicJson,
  publicRaw,
  publicText,
  publicUrlencoded,
  publicStatic,
  publicSendFile,
  publicCookieParser,
  publicCookie,
  publicRouter,
];

// The factory's typed parameters are accepted by the runtime functions.
type Accepts<Runtime extends (...args: any[]) => unknown, Public extends (...args: any[]) => unknown> =
  Parameters<Public> extends Parameters<Runtime> ? true : false;
covers<Accepts<typeof json, Webapp['json']>>();
covers<Accepts<typeof raw, Webapp['raw']>>();
covers<Accepts<typeof text, Webapp['text']>>();
covers<Accepts<typeof urlencoded, Webapp['urlencoded']>>();
