import type { Server } from "node:http";

/**
 * Stops `servers` the way a stopping instance should: no new connections from now on; idle
 * keep-alive connections closed at once and others as soon as their answer is out; requests in
 * flight left to finish, for at most `timeoutMs`, after which what remains is cut. Resolves when
 * every connection is gone; `forced` tells whether any had to be cut.
 */
export async function closeGracefully(
  servers: readonly Server[],
  timeoutMs: number,
): Promise<{ forced: boolean }> {
  let forced = false;
  const closed = servers.map(
    (server) =>
      new Promise<void>((resolve) => {
        if (!server.listening) {
          server.closeAllConnections();
          resolve();
          return;
        }
        server.close(() => resolve());
      }),
  );
  // A keep-alive connection turns idle once its answer is out: close those as they do.
  const sweep = () => servers.forEach((server) => server.closeIdleConnections());
  sweep();
  const sweeper = setInterval(sweep, 100);
  const deadline = setTimeout(() => {
    forced = true;
    servers.forEach((server) => server.closeAllConnections());
  }, timeoutMs);
  try {
    await Promise.all(closed);
  } finally {
    clearInterval(sweeper);
    clearTimeout(deadline);
  }
  return { forced };
}
