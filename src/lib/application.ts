/**
 * `webapp/lib/application`: the object applications take their methods from (`webapp.application`),
 * at the path of Express 4's file. Methods replaced here reach applications created afterwards.
 * @module
 */
import { application } from '../application/index';

export = application;
