import { type Socket } from 'node:net';
import { TLSSocket } from 'node:tls';
import { type Redis } from 'ioredis';

type Waiter = (handedOver: boolean) => void;

/** A socket held for this turn: what runs just before its commands leave, and who waits to learn they left. */
interface HeldTurn {
  beforeWrite: Array<() => void>;
  waiters: Waiter[];
}

const held = new WeakMap<object, HeldTurn>();

/**
 * Holds the connection's socket until the end of this turn of the event loop, so that the commands every
 * request handled in this turn issues leave in one write: under load the relay's reserve and settle commands
 * would otherwise cost a socket write each. Unlike ioredis's auto-pipelining, a command never waits for the
 * replies to earlier ones, which kept a lone caller's reservation behind the previous call's settlement.
 * `beforeWrite` runs at the end of the turn, before the held commands leave: the commands it issues leave
 * with them (and count for `handedOver`). Without a connection it runs at the end of the turn all the same.
 */
export function oneWritePerTurn(client: Redis, beforeWrite?: () => void): void {
  const socket = client.stream as Redis['stream'] | undefined;
  if (client.status !== 'ready' || !socket) {
    if (beforeWrite) setImmediate(beforeWrite);
    return;
  }
  let turn = held.get(socket);
  if (!turn) {
    const holding: HeldTurn = { beforeWrite: [], waiters: [] };
    held.set(socket, holding);
    socket.cork();
    setImmediate(() => {
      held.delete(socket);
      try {
        for (const run of holding.beforeWrite) run();
      } finally {
        socket.uncork();
        const left = handedToKernel(socket);
        for (const waiter of holding.waiters) waiter(left);
      }
    });
    turn = holding;
  }
  if (beforeWrite) turn.beforeWrite.push(beforeWrite);
}

/**
 * Resolves true once every command written to the client so far has left this process: the kernel has it and
 * delivers it even if the process dies next. False when that cannot be known: not connected (ioredis queues
 * commands in memory then), a TLS connection (its own layer may still hold bytes) or a socket whose kernel
 * buffer is full (Node still holds the rest).
 */
export function handedOver(client: Redis): Promise<boolean> {
  const socket = client.stream as Redis['stream'] | undefined;
  if (client.status !== 'ready' || !socket) return Promise.resolve(false);
  const turn = held.get(socket);
  if (!turn) return Promise.resolve(handedToKernel(socket));
  return new Promise((resolve) => turn.waiters.push(resolve));
}

function handedToKernel(socket: Socket): boolean {
  return !(socket instanceof TLSSocket) && socket.writableLength === 0;
}
