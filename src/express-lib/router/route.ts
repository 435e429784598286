/**
 * `webappjs/lib/router/route`: the Route constructor (`webapp.Route`), at the path of Express 4's file.
 * @module
 */
import { Route } from '../../router/route';

// biome-ignore lint/suspicious/noExplicitAny: the published type of objects plugins extend by name (Express's file has no types)
type Open = Record<string, any>;
/**
 * A route as published here: the method handlers (`get`, `post`, …) installed from node's method list
 * are open members, as on Express 4's routes.
 * @example
 * const route: LooseRoute = new (require('webappjs/lib/router/route'))('/x');
 */
interface LooseRoute extends Open, Route {}

/** The Route class. @example new Route('/users/:id').get(handler) */
const published: { new (path: unknown): LooseRoute; prototype: LooseRoute } = Route;

export = published;
