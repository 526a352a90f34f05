import type { Request, Response } from 'express';

/** A comment line every 15 s keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;

export interface EventStream {
  send(event: object): void;
  end(): void;
  /** Resolves when the client goes away or the stream ends. */
  closed: Promise<void>;
}

/** Starts a Server-Sent Events response: headers flushed at once, one `data: <JSON>` line per event. */
export function openEventStream(req: Request, res: Response): EventStream {
  res.status(200).set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
  let finished = false;
  const closed = new Promise<void>((resolve) => {
    const finish = () => {
      finished = true;
      clearInterval(heartbeat);
      resolve();
    };
    req.on('close', finish);
    res.on('close', finish);
    // The client may have left already, while the check was being started. (Not req.destroyed: a request
    // whose body has been read is destroyed while its client still waits for the answer.)
    if (res.destroyed || req.socket.destroyed) finish();
  });
  return {
    send: (event) => {
      if (!finished) res.write(`data: ${JSON.stringify(event)}\n\n`);
    },
    end: () => {
      if (!finished) res.end();
    },
    closed,
  };
}
