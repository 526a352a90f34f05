/** A service the local stack needs: where it is expected, how to tell it is ready, how to install and run it. */
export interface LocalService {
  name: string;
  /** For messages, e.g. "MongoDB-wire server (SecantusDB 0.7.0b3) on 127.0.0.1:27017". */
  label: string;
  /** The variable that points at the service, named when a configured remote one does not answer. */
  variable: string;
  host: string;
  port: number;
  /** Missing is a warning, not a failure (Redis is optional: unset REDIS_URL means in-process counters). */
  optional: boolean;
  /** Resolves when the service answers its protocol; rejects otherwise. */
  probe(): Promise<void>;
  /** Installs the binary if missing; returns its path. */
  install(): Promise<string>;
  args(): string[];
  env?: NodeJS.ProcessEnv;
  /** Idempotent set-up once the service answers (e.g. Temporal search attributes). */
  afterReady?(): Promise<void>;
}

export const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
