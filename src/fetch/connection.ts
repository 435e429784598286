/**
 * An in-memory connection: two cross-wired Duplex streams, one for the server side, one for the
 * client side. Bytes written to one are read from the other, with backpressure (a write completes
 * when the peer's reader asks for more); ending one ends the peer's reading side; destroying one
 * closes the peer as a dropped TCP connection does. Nothing here is node-internal, so node, Bun and
 * Deno's http servers and clients accept it as any Duplex.
 * @module
 */
import { Duplex } from 'node:stream';
import type { FetchConnectionOptions } from '../types/fetch';

/** Where a connection claims to come from and go to (what req.socket shows, for trust proxy). */
export type ConnectionAddress = FetchConnectionOptions;

class End extends Duplex {
  peer: End | undefined;
  /** A write waiting for the peer to read (backpressure). */
  private pendingWrite: ((error?: Error | null) => void) | undefined;

  override _read(): void {
    const peer = this.peer;
    if (peer === undefined) return;
    const callback = peer.pendingWrite;
    if (callback !== undefined) {
      peer.pendingWrite = undefined;
      callback();
    }
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    const peer = this.peer;
    if (peer === undefined || peer.destroyed) {
      callback();
      return;
    }
    if (peer.push(chunk)) callback();
    else this.pendingWrite = callback;
  }

  override _final(callback: (error?: Error | null) => void): void {
    const peer = this.peer;
    if (peer !== undefined && !peer.destroyed) peer.push(null);
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const peer = this.peer;
    this.peer = undefined;
    const pending = this.pendingWrite;
    this.pendingWrite = undefined;
    pending?.();
    // The peer sees the connection drop: closed, without an error of its own, once it has read what
    // had already arrived (bytes in flight are delivered on a real connection too).
    if (peer !== undefined) {
      peer.peer = undefined;
      if (peer.readableLength === 0) peer.destroy();
      else {
        peer.push(null);
        peer.once('end', () => peer.destroy());
      }
    }
    callback(error);
  }

  // The socket methods servers and clients call on a net.Socket, as no-ops.
  setTimeout(_ms: number, callback?: () => void): this {
    if (callback) this.once('timeout', callback);
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
}

/** A connected pair: `server` is handed to an http.Server's 'connection', `client` to a ClientRequest. */
export function createConnection(address: ConnectionAddress): { server: Duplex; client: Duplex } {
  const server = new End();
  const client = new End();
  server.peer = client;
  client.peer = server;
  Object.assign(server, {
    remoteAddress: address.remoteAddress,
    remotePort: address.remotePort,
    remoteFamily: address.remoteFamily,
    localAddress: address.localAddress,
    localPort: address.localPort,
    encrypted: address.encrypted === true ? true : undefined,
  });
  return { server, client };
}
