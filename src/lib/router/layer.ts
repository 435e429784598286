/**
 * `webapp/lib/router/layer`: the Layer constructor, at the path of Express 4's file, for packages that
 * reach into it (express-async-errors defines `Layer.prototype.handle`; others replace
 * `Layer.prototype.handle_request`). Routers dispatch through these prototype members, so such patches
 * apply as they do on Express.
 * @module
 */
import { Layer } from '../../router/layer';

export = Layer;
