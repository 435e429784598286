/**
 * `webappjs/lib/router/layer`: the Layer constructor, at the path of Express 4's file, for packages that
 * reach into it (express-async-errors defines `Layer.prototype.handle`; others replace
 * `Layer.prototype.handle_request`). Routers dispatch through these prototype members, so such patches
 * apply as they do on Express.
 * @module
 */
import { Layer } from '../../router/layer';

/**
 * A layer as published here: `params` and `route` are as loose as on Express 4's layers, which tools
 * such as express-list-endpoints read.
 * @example
 * const layer: LooseLayer = app._router.stack[0];
 */
interface LooseLayer extends Omit<Layer, 'params' | 'route'> {
  // biome-ignore lint/suspicious/noExplicitAny: published as Express 4's untyped layer fields
  params: Record<string, any> | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: published as Express 4's untyped layer fields
  route?: any;
}

/** The Layer class. @example Layer.prototype.handle_request */
const published: { new (...args: ConstructorParameters<typeof Layer>): LooseLayer; prototype: LooseLayer } =
  Layer;

export = published;
