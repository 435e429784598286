/**
 * Types of `webappjs/directory`: the middleware is the module itself.
 * @module
 */
import impl = require('../../middleware/directory');

/**
 * Directory listings as HTML, JSON or text.
 * @example
 * app.use('/files', directory('public', { icons: true }));
 */
declare function directory(root: string, options?: impl.DirectoryOptions): ReturnType<typeof impl.directory>;

/** The module as `require` gives it: the middleware with every member (inside the namespace, `directory` names the member). */
type DirectoryModule = typeof directory;

declare namespace directory {
  /** Options of `directory()`. @example const o: directory.DirectoryOptions = { hidden: false }; */
  export type DirectoryOptions = impl.DirectoryOptions;
  /** A custom page template. @example const t: directory.DirectoryTemplate = (locals, done) => done(null, '<ul></ul>'); */
  export type DirectoryTemplate = impl.DirectoryTemplate;
  /** One listed file. @example (e: directory.DirectoryEntry) => e.name */
  export type DirectoryEntry = impl.DirectoryEntry;
  /** What a template receives. @example (l: directory.DirectoryLocals) => l.directory */
  export type DirectoryLocals = impl.DirectoryLocals;
  // The module's values, as members: `import { directory } from …`, `import * as m from …`.
  /** See `directory.directory` in the module's documentation. @example directory.directory */
  export const directory: typeof impl.directory;
  /** The middleware, for `import directory from …` without esModuleInterop. @example directory.default */
  const _default: DirectoryModule;

  export { _default as default };
}

export = directory;
