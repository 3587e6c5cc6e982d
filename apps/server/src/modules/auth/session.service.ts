import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { nowSeconds } from '../../infra/database/columns';
import { SessionsRepository } from './sessions.repository';

export const SESSION_COOKIE = 'session';
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

const digest = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Server-side sessions: the cookie holds a random token, the database only its hash, so logout really ends it. */
@Injectable()
export class SessionService {
  constructor(private readonly sessions: SessionsRepository) {}

  /** Returns the token to put in the cookie. */
  async start(userId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = nowSeconds();
    await this.sessions.insert({
      id: digest(token),
      userId,
      createdAt: now,
      expiresAt: now + SESSION_TTL_SECONDS,
    });
    if (Math.random() < 0.01) await this.sessions.deleteExpired(now); // occasional clean-up, no scheduler needed
    return token;
  }

  /** The session's user id, or null when unknown or expired. */
  async resolve(token: string): Promise<{ userId: number } | null> {
    const session = await this.sessions.findById(digest(token));
    if (!session || session.expiresAt <= nowSeconds()) return null;
    return { userId: session.userId };
  }

  /** Signs a user out everywhere (password reset or set by an administrator, account disabled or deleted). */
  async endAllFor(userId: number): Promise<void> {
    await this.sessions.deleteByUserId(userId);
  }

  /** After a self-service password change: every other device is out, the one that made the change stays. */
  async endOthersFor(userId: number, keptToken: string | null): Promise<void> {
    if (keptToken) await this.sessions.deleteByUserIdExcept(userId, digest(keptToken));
    else await this.sessions.deleteByUserId(userId);
  }

  /** Ends the session behind a cookie token, whatever the state of its user. */
  async end(token: string): Promise<void> {
    await this.sessions.deleteById(digest(token));
  }
}
