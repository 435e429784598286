/**
 * Types of `webapp/directory`: the middleware is the module itself.
 * @module
 */
import impl = require('../../middleware/directory');

/**
 * Directory listings as HTML, JSON or text.
 * @example
 * app.use('/files', directory('public', { icons: true }));
 */
declare const directory: typeof impl.directory & typeof impl;

declare namespace directory {
  /** Options of `directory()`. @example const o: directory.DirectoryOptions = { hidden: false }; */
  type DirectoryOptions = impl.DirectoryOptions;
  /** A custom page template. @example const t: directory.DirectoryTemplate = (locals, done) => done(null, '<ul></ul>'); */
  type DirectoryTemplate = impl.DirectoryTemplate;
  /** One listed file. @example (e: directory.DirectoryEntry) => e.name */
  type DirectoryEntry = impl.DirectoryEntry;
  /** What a template receives. @example (l: directory.DirectoryLocals) => l.directory */
  type DirectoryLocals = impl.DirectoryLocals;
}

export = directory;
