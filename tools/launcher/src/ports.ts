import { createServer } from 'node:net';

/** Resolves true when nothing listens on `port` (checked on IPv4 loopback and on all interfaces). */
export async function isPortFree(port: number): Promise<boolean> {
  for (const host of ['127.0.0.1', undefined]) {
    if (!(await canListen(port, host))) return false;
  }
  return true;
}

function canListen(port: number, host: string | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

export interface FixedPort {
  port: number;
  /** The environment variable that moves it. */
  variable: string;
}

export function portInUseMessage({ port, variable }: FixedPort): string {
  return `Port ${port} is in use — set ${variable} to another port`;
}

/** One message per fixed port that something else already listens on. */
export async function busyPortMessages(ports: FixedPort[]): Promise<string[]> {
  const messages: string[] = [];
  for (const fixed of ports) {
    if (!(await isPortFree(fixed.port))) messages.push(portInUseMessage(fixed));
  }
  return messages;
}
