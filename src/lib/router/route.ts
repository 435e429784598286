/**
 * `webapp/lib/router/route`: the Route constructor (`webapp.Route`), at the path of Express 4's file.
 * @module
 */
import { Route } from '../../router/route';

export = Route;
