/**
 * `webapp/lib/router` and `webapp/lib/router/index`: the Router function (`webapp.Router`), which is
 * also every router's prototype, at the path of Express 4's file.
 * @module
 */
import { routerProto } from '../../router/index';

export = routerProto;
