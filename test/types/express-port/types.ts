// Was: declare module 'express-serve-static-core' { … }

declare module 'webapp/core' {
  interface Request {
    requestId?: string;
  }
}

export interface User {
  id: string;
  name: string;
  email: string;
}

export interface AppLocals {
  user?: User;
  requestId: string;
}
