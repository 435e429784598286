// Starts the typed notes API on PORT (default 3000).
import type { AddressInfo } from 'node:net';
import { createApp } from './app';

const server = createApp(process.env.SESSION_SECRET ?? 'change me').listen(
  Number(process.env.PORT ?? 3000),
  () => {
    console.log(`typescript notes API on http://localhost:${(server.address() as AddressInfo).port}`);
  },
);
