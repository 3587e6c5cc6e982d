import { type BindProvider } from '@tollgate/contracts';
import { type LoginResult } from '../auth.service';

/** What a third-party callback did: signed someone in (a session to set) or bound an identity. */
export type CallbackOutcome =
  { kind: 'login'; login: LoginResult } | { kind: 'bind'; provider: BindProvider };
