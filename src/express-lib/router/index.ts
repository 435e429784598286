/**
 * `webappjs/lib/router` and `webappjs/lib/router/index`: the Router function (`webapp.Router`), which is
 * also every router's prototype, at the path of Express 4's file.
 * @module
 */
import { type RouterOptions, routerProto } from '../../router/index';

/**
 * A router as published here: its members are open, as on Express 4's routers, which plugins extend by
 * name (express-ws adds `ws`).
 * @example
 * const router: LooseRouter = require('webappjs/lib/router')();
 */
// biome-ignore lint/suspicious/noExplicitAny: the published type of objects plugins extend by name (Express's file has no types)
type Open = Record<string, any>;
interface LooseRouter extends Open, ReturnType<typeof routerProto> {}

/** The Router function, every router's prototype. @example require('webappjs/lib/router').use */
const published: ((options?: RouterOptions) => LooseRouter) & Open = routerProto;

export = published;
