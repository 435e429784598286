/**
 * `require('webappjs')` leaves out what few apps use: qs (~25 ms to load with its dependencies) comes
 * with the first extended form parse or query string with brackets (flat ones need no qs), iconv-lite (~5 ms) with the first charset other than
 * UTF-8. Checked in a fresh process, where require.cache shows what was loaded.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);
const src = resolve(__dirname, '..', '..', 'src');

const script = `
const loaded = (name) => Object.keys(require.cache).some((k) => k.includes('/node_modules/' + name + '/'));
const webapp = require(${JSON.stringify(`${src}/index.js`)});
const app = webapp();
app.use(webapp.json(), webapp.urlencoded({ extended: true }), webapp.text(), webapp.query());
app.get('/', (req, res) => res.send('ok'));
const steps = [['registered', loaded('qs'), loaded('iconv-lite')]];
const { getDecoder } = require(${JSON.stringify(`${src}/body/charset.js`)});
const utf8 = getDecoder('utf-8')(Buffer.from('h\\u00e9'));
steps.push(['utf-8 decoded', loaded('qs'), loaded('iconv-lite'), utf8]);
const latin1 = getDecoder('latin1')(Buffer.from([0x68, 0xe9]));
steps.push(['latin1 decoded', loaded('qs'), loaded('iconv-lite'), latin1]);
const { compileQueryParser } = require(${JSON.stringify(`${src}/http/query.js`)});
steps.push(['simple query', loaded('qs'), compileQueryParser('simple')('a=1').a]);
const empty = [compileQueryParser('extended')(null), compileQueryParser('extended')('')];
steps.push(['no query string', loaded('qs'), JSON.stringify(empty), empty.every((q) => Object.getPrototypeOf(q) === Object.prototype)]);
steps.push(['flat extended query', loaded('qs'), JSON.stringify(compileQueryParser('extended')('a=1&a=2&b=%41'))]);
steps.push(['extended query', loaded('qs'), JSON.stringify(compileQueryParser('extended')('a[b]=1'))]);
steps.push(['after', loaded('qs')]);
console.log(JSON.stringify(steps));`;

test('qs and iconv-lite are loaded on first use, not by require("webappjs")', async () => {
  const { stdout } = await run(process.execPath, ['-e', script], { timeout: 20_000 });
  assert.deepEqual(JSON.parse(stdout.trim()), [
    ['registered', false, false],
    ['utf-8 decoded', false, false, 'hé'],
    ['latin1 decoded', false, true, 'hé'],
    ['simple query', false, '1'],
    ['no query string', false, '[{},{}]', true],
    ['flat extended query', false, '{"a":["1","2"],"b":"A"}'],
    ['extended query', false, '{"a":{"b":"1"}}'],
    ['after', true],
  ]);
});

test('import of the ESM entry, which reads every lazy member, loads neither either', async () => {
  const entry = resolve(__dirname, '..', '..', '..', 'dist', 'index.mjs');
  const esm = `
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const loaded = (name) => Object.keys(require.cache).some((k) => k.includes('/node_modules/' + name + '/'));
const webapp = (await import(${JSON.stringify(entry)})).default;
console.log(JSON.stringify([typeof webapp.bodyParser, loaded('qs'), loaded('iconv-lite')]));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', esm], { timeout: 20_000 });
  assert.deepEqual(JSON.parse(stdout.trim()), ['function', false, false]);
});
