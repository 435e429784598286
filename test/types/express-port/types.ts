// Was: declare module 'express-serve-static-core' { … }

declare module 'webappjs/core' {
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
