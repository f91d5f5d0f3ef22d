// smtp-server (a dev dependency of apps/api) ships no types: the part the users bench uses.
declare module 'smtp-server' {
  import type { Readable } from 'node:stream';

  export class SMTPServer {
    constructor(options: {
      authOptional?: boolean;
      disabledCommands?: string[];
      logger?: boolean;
      onData?: (stream: Readable, session: unknown, callback: (error?: Error | null) => void) => void;
    });
    listen(port: number, host: string, callback?: () => void): void;
    close(callback?: () => void): void;
  }
}
