/**
 * A bounded, always-revalidated cache for the file sender.
 *
 * Every request still stats its file (as `send` does), so a changed, replaced or deleted file is
 * noticed on the very next request: nothing is ever served from a stale entry. What the cache saves
 * is the rest of the work. Entries are keyed by absolute path and valid only while the fresh stat
 * shows the same device, inode, size, mtime and ctime; they hold the formatted validators (ETag,
 * Last-Modified) and, for small files, the whole content, so a small file is answered with one
 * `res.end(buffer)` instead of open + read + close through a stream.
 *
 * Concurrent stats of one path share a single `fs.stat` call (a request may thus see a stat that
 * was already in flight when it arrived), and concurrent loads of one file share one read.
 *
 * Bounds: at most `maxEntries` paths (least recently used evicted first), only files of at most
 * `maxFileBytes` have their content kept, and cached content totals at most `maxTotalBytes`.
 * In-flight maps hold one entry per path being stat'ed or read right now, so they are bounded by
 * the number of concurrent requests.
 * @module
 */
import { readFile, type Stats, stat } from 'node:fs';
import { inContext } from '../utils/async-context';

export interface FileCacheLimits {
  /** Paths remembered at most. */
  maxEntries: number;
  /** Largest file whose content is kept in memory. */
  maxFileBytes: number;
  /** Total bytes of content kept in memory. */
  maxTotalBytes: number;
}

/** What is known about one version of a file. */
export interface FileInfo {
  readonly dev: number;
  readonly ino: number;
  readonly size: number;
  readonly mtimeMs: number;
  readonly ctimeMs: number;
  /** Weak entity tag `W/"<size hex>-<mtime ms hex>"`, the format Express 4 sends for files. */
  readonly etag: string;
  /** `Last-Modified` value: mtime as an HTTP (UTC) date. */
  readonly lastModified: string;
  /** The content, when the file is small and was read since it last changed. */
  body: Buffer | undefined;
}

type StatCallback = (err: NodeJS.ErrnoException | null, stats: Stats | undefined) => void;
type BodyCallback = (body: Buffer | undefined) => void;

/**
 * Shares one call per `key`: returns the list of callers of a new call (holding `callback`; start
 * the call, delete the key when it completes and call back each), or undefined when `callback`
 * joined a call already in flight — called back then in its own caller's async context, not in
 * that of the request that started the call.
 */
function startOrJoin<K, A extends [unknown?, unknown?]>(
  inFlight: Map<K, Array<(...args: A) => void>>,
  key: K,
  callback: (...args: A) => void,
): Array<(...args: A) => void> | undefined {
  const waiting = inFlight.get(key);
  if (waiting) {
    waiting.push(inContext(callback));
    return undefined;
  }
  const callbacks = [callback];
  inFlight.set(key, callbacks);
  return callbacks;
}

export const DEFAULT_LIMITS: FileCacheLimits = {
  maxEntries: 1024,
  maxFileBytes: 64 * 1024,
  maxTotalBytes: 16 * 1024 * 1024,
};

export class FileCache {
  readonly limits: FileCacheLimits;
  private readonly entries = new Map<string, FileInfo>();
  private readonly statting = new Map<string, StatCallback[]>();
  private readonly loading = new Map<FileInfo, BodyCallback[]>();
  private bytes = 0;

  constructor(limits: Partial<FileCacheLimits> = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  /** Number of paths remembered. */
  get size(): number {
    return this.entries.size;
  }

  /** Bytes of file content held. */
  get totalBytes(): number {
    return this.bytes;
  }

  /** `fs.stat`, sharing a call already in flight for the same path. */
  stat(path: string, callback: StatCallback): void {
    const callbacks = startOrJoin(this.statting, path, callback);
    if (callbacks === undefined) return;
    stat(path, (err, stats) => {
      this.statting.delete(path);
      for (const fn of callbacks) fn(err, stats);
    });
  }

  /** The entry for `path` matching `stats`, replacing any entry for an older version of the file. */
  info(path: string, stats: Stats): FileInfo {
    const known = this.entries.get(path);
    if (known !== undefined && sameVersion(known, stats)) {
      // Re-insert to mark as most recently used.
      this.entries.delete(path);
      this.entries.set(path, known);
      return known;
    }
    if (known !== undefined) this.forget(path, known);
    const info: FileInfo = {
      dev: stats.dev,
      ino: stats.ino,
      size: stats.size,
      mtimeMs: stats.mtimeMs,
      ctimeMs: stats.ctimeMs,
      etag: `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`,
      lastModified: stats.mtime.toUTCString(),
      body: undefined,
    };
    this.entries.set(path, info);
    this.evict();
    return info;
  }

  /** Whether `info`'s content may be kept in memory. */
  canHold(info: FileInfo): boolean {
    return info.size > 0 && info.size <= this.limits.maxFileBytes && info.size <= this.limits.maxTotalBytes;
  }

  /**
   * Reads the content of a small file into its entry. Calls back with undefined when the file is not
   * cacheable, cannot be read, or no longer has the stat'ed size; the caller then streams it.
   */
  load(path: string, info: FileInfo, callback: BodyCallback): void {
    if (info.body !== undefined) {
      callback(info.body);
      return;
    }
    if (!this.canHold(info)) {
      callback(undefined);
      return;
    }
    const callbacks = startOrJoin(this.loading, info, callback);
    if (callbacks === undefined) return;
    readFile(path, (err, data) => {
      this.loading.delete(info);
      const body = err || data.length !== info.size ? undefined : data;
      // Keep it only if this version is still the current one for the path.
      if (body !== undefined && this.entries.get(path) === info) {
        info.body = body;
        this.bytes += body.length;
        this.evict();
      }
      for (const fn of callbacks) fn(body);
    });
  }

  /** Drops everything (for tests and for callers that know files changed wholesale). */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private forget(path: string, info: FileInfo): void {
    this.entries.delete(path);
    if (info.body !== undefined) {
      this.bytes -= info.body.length;
      info.body = undefined;
    }
  }

  private evict(): void {
    const { maxEntries, maxTotalBytes } = this.limits;
    if (this.entries.size <= maxEntries && this.bytes <= maxTotalBytes) return;
    for (const [path, info] of this.entries) {
      if (this.entries.size <= maxEntries && this.bytes <= maxTotalBytes) break;
      this.forget(path, info);
    }
  }
}

function sameVersion(info: FileInfo, stats: Stats): boolean {
  return (
    info.mtimeMs === stats.mtimeMs &&
    info.size === stats.size &&
    info.ino === stats.ino &&
    info.ctimeMs === stats.ctimeMs &&
    info.dev === stats.dev
  );
}

/** The cache shared by `webapp.static` and `res.sendFile`/`res.download` (keyed by absolute path). */
export const fileCache = new FileCache();
