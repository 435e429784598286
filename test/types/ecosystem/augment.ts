// The three ways code augments the request type: the global Express namespace, the core module
// (express-serve-static-core → webapp/core), and the main module (express → webapp).
import webapp = require('webappjs');

declare global {
  namespace Express {
    interface Request {
      tenant?: string;
    }
    interface Locals {
      requestId: string;
    }
    interface Application {
      ready: boolean;
    }
    interface Response {
      sendOk(): this;
    }
  }
}

declare module 'webappjs/core' {
  interface Request {
    startedAt: number;
  }
}

declare module 'webappjs' {
  interface Request {
    legacyFlag?: boolean;
  }
}

const app = webapp();
app.ready = true;
app.get('/:id', (req, res) => {
  const tenant: string | undefined = req.tenant;
  const started: number = req.startedAt;
  res.locals.requestId = `${req.params.id}-${started}-${tenant}`;
  res.sendOk();
});

// The main-module form applies where the type is named webapp.Request, as with express.Request.
const legacy = (req: webapp.Request) => req.legacyFlag === true;

export { app, legacy };
