import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { FileCache, fileCache } from '../../src/static/file-cache';
import { tempDir } from '../support/static-fixtures';

function statOf(cache: FileCache, file: string): Promise<fs.Stats> {
  return new Promise((resolve, reject) =>
    cache.stat(file, (err, stats) => (err ? reject(err) : resolve(stats!))),
  );
}

function loadOf(
  cache: FileCache,
  file: string,
  info: ReturnType<FileCache['info']>,
): Promise<Buffer | undefined> {
  return new Promise((resolve) => cache.load(file, info, resolve));
}

test('validators have the Express file format', async (t) => {
  const { dir, cleanup } = tempDir();
  t.after(cleanup);
  const file = path.join(dir, 'a.txt');
  fs.writeFileSync(file, 'hello');
  fs.utimesSync(file, new Date(1_700_000_000_123), new Date(1_700_000_000_123));
  const cache = new FileCache();
  const info = cache.info(file, await statOf(cache, file));
  assert.equal(info.etag, `W/"5-${(1_700_000_000_123).toString(16)}"`);
  assert.equal(info.lastModified, new Date(1_700_000_000_123).toUTCString());
});

test('concurrent stats of one path share one fs.stat call', async (t) => {
  const { dir, cleanup } = tempDir();
  t.after(cleanup);
  const file = path.join(dir, 'a.txt');
  fs.writeFileSync(file, 'x');
  const original = fs.stat;
  let calls = 0;
  (fs as any).stat = (...args: any[]) => {
    calls++;
    return (original as any)(...args);
  };
  t.after(() => {
    (fs as any).stat = original;
  });
  const cache = new FileCache();
  const results = await Promise.all([statOf(cache, file), statOf(cache, file), statOf(cache, file)]);
  assert.equal(calls, 1);
  assert.equal(results[0], results[2]);
  // Once settled, the next request stats again: changes are always seen.
  await statOf(cache, file);
  assert.equal(calls, 2);
});

test('stat errors reach every waiting caller', async () => {
  const cache = new FileCache();
  const missing = path.join(__dirname, 'no-such-file');
  const errors = await Promise.all(
    [1, 2].map(
      () =>
        new Promise<NodeJS.ErrnoException | null>((resolve) => cache.stat(missing, (err) => resolve(err))),
    ),
  );
  assert.deepEqual(
    errors.map((e) => e?.code),
    ['ENOENT', 'ENOENT'],
  );
});

test('an entry is reused while the file is unchanged and replaced when it changes', async (t) => {
  const { dir, cleanup } = tempDir();
  t.after(cleanup);
  const file = path.join(dir, 'a.txt');
  fs.writeFileSync(file, 'one');
  const cache = new FileCache();
  const first = cache.info(file, await statOf(cache, file));
  assert.deepEqual(await loadOf(cache, file, first), Buffer.from('one'));
  assert.equal(cache.info(file, await statOf(cache, file)), first);
  assert.equal(cache.totalBytes, 3);

  fs.writeFileSync(file, 'three');
  fs.utimesSync(file, new Date(2_000_000_000_000), new Date(2_000_000_000_000));
  const second = cache.info(file, await statOf(cache, file));
  assert.notEqual(second, first);
  assert.equal(second.body, undefined);
  assert.equal(cache.totalBytes, 0);
  assert.deepEqual(await loadOf(cache, file, second), Buffer.from('three'));
  assert.equal(cache.totalBytes, 5);
});

test('same size and mtime but a new inode (file replaced) is a new version', async (t) => {
  const { dir, cleanup } = tempDir();
  t.after(cleanup);
  const file = path.join(dir, 'a.txt');
  const other = path.join(dir, 'b.txt');
  const when = new Date(1_800_000_000_000);
  fs.writeFileSync(file, 'aaa');
  fs.utimesSync(file, when, when);
  const cache = new FileCache();
  const first = cache.info(file, await statOf(cache, file));
  await loadOf(cache, file, first);
  fs.writeFileSync(other, 'bbb');
  fs.utimesSync(other, when, when);
  fs.renameSync(other, file);
  const second = cache.info(file, await statOf(cache, file));
  assert.notEqual(second, first);
  assert.deepEqual(await loadOf(cache, file, second), Buffer.from('bbb'));
});

test('only small files are held; empty files need no read', async (t) => {
  const { dir, cleanup } = tempDir();
  t.after(cleanup);
  const big = path.join(dir, 'big.bin');
  const empty = path.join(dir, 'empty.bin');
  fs.writeFileSync(big, Buffer.alloc(101));
  fs.writeFileSync(empty, '');
  const cache = new FileCache({ maxFileBytes: 100 });
  const bigInfo = cache.info(big, await statOf(cache, big));
  assert.equal(cache.canHold(bigInfo), false);
  assert.equal(await loadOf(cache, big, bigInfo), undefined);
  assert.equal(cache.canHold(cache.info(empty, await statOf(cache, empty))), false);
  assert.equal(cache.totalBytes, 0);
});

test('a file whose size changed since its stat is not cached', async (t) => {
  const { dir, cleanup } = tempDir();
  t.after(cleanup);
  const file = path.join(dir, 'a.txt');
  fs.writeFileSync(file, 'short');
  const cache = new FileCache();
  const info = cache.info(file, await statOf(cache, file));
  fs.writeFileSync(file, 'much longer now');
  assert.equal(await loadOf(cache, file, info), undefined);
  assert.equal(info.body, undefined);
  assert.equal(cache.totalBytes, 0);
});

test('concurrent loads share one read', async (t) => {
  const { dir, cleanup } = tempDir();
  t.after(cleanup);
  const file = path.join(dir, 'a.txt');
  fs.writeFileSync(file, 'shared');
  const cache = new FileCache();
  const info = cache.info(file, await statOf(cache, file));
  const original = fs.readFile;
  let reads = 0;
  (fs as any).readFile = (...args: any[]) => {
    reads++;
    return (original as any)(...args);
  };
  t.after(() => {
    (fs as any).readFile = original;
  });
  const bodies = await Promise.all([loadOf(cache, file, info), loadOf(cache, file, info)]);
  assert.equal(reads, 1);
  assert.equal(bodies[0], bodies[1]);
  assert.equal(await loadOf(cache, file, info), bodies[0]);
  assert.equal(reads, 1);
});

test('the number of entries is bounded, least recently used first out', async (t) => {
  const { dir, cleanup } = tempDir();
  t.after(cleanup);
  const cache = new FileCache({ maxEntries: 2 });
  const files = ['a', 'b', 'c'].map((name) => path.join(dir, name));
  for (const file of files) fs.writeFileSync(file, 'x');
  const a = cache.info(files[0], await statOf(cache, files[0]));
  cache.info(files[1], await statOf(cache, files[1]));
  // touch a, so b is the least recently used
  assert.equal(cache.info(files[0], await statOf(cache, files[0])), a);
  cache.info(files[2], await statOf(cache, files[2]));
  assert.equal(cache.size, 2);
  assert.equal(cache.info(files[0], await statOf(cache, files[0])), a);
});

test('the bytes held are bounded', async (t) => {
  const { dir, cleanup } = tempDir();
  t.after(cleanup);
  const cache = new FileCache({ maxTotalBytes: 10 });
  const files = ['a', 'b', 'c'].map((name) => path.join(dir, name));
  for (const file of files) fs.writeFileSync(file, '1234');
  for (const file of files) await loadOf(cache, file, cache.info(file, await statOf(cache, file)));
  assert.ok(cache.totalBytes <= 10, `holds ${cache.totalBytes} bytes`);
  assert.equal(cache.totalBytes, 8);
  assert.equal(cache.size, 2);
  cache.clear();
  assert.equal(cache.size, 0);
  assert.equal(cache.totalBytes, 0);
});

test('the shared cache has production limits', () => {
  assert.equal(fileCache.limits.maxEntries, 1024);
  assert.equal(fileCache.limits.maxFileBytes, 64 * 1024);
  assert.equal(fileCache.limits.maxTotalBytes, 16 * 1024 * 1024);
});
