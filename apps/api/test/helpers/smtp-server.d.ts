// smtp-server (a dev dependency of apps/api) ships no types: the part the API tests use.
declare module 'smtp-server' {
  import type { Server } from 'node:net';
  import type { Readable } from 'node:stream';

  export interface SMTPSession {
    envelope: { mailFrom: { address: string } | false; rcptTo: { address: string }[] };
  }

  export class SMTPServer {
    constructor(options: {
      authOptional?: boolean;
      disabledCommands?: string[];
      logger?: boolean;
      onData?: (stream: Readable, session: SMTPSession, callback: (error?: Error | null) => void) => void;
    });
    readonly server: Server;
    listen(port: number, host: string, callback?: () => void): void;
    close(callback?: () => void): void;
  }
}
