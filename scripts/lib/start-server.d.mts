export interface StartServerOptions {
  /** Added to the server's environment; an undefined value leaves a variable out. */
  env?: Record<string, string | undefined>;
  /** The built server (default apps/api/dist/server.js, or API_SERVER_FILE). */
  serverFile?: string;
  /** The built web app (default apps/web/dist, or WEB_DIST_DIR). */
  webDir?: string;
  /** How long a start may take before it is given up (default 300 s). */
  startTimeoutMs?: number;
  /** The data folder's name prefix under the system's temporary folder. */
  prefix?: string;
}

export interface StartedServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number>;
export function startServer(options?: StartServerOptions): Promise<StartedServer>;
