/**
 * `webappjs/lib/view`: the View constructor (the default `view` setting), at the path of Express 4's file.
 * @module
 */
import { View } from '../view/view';

export = View;
