import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintAsNumber } from '../../infra/database/columns';

/** A console session; the cookie carries a random token whose SHA-256 is this row's id. */
@Entity('sessions')
export class SessionEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Index('idx_sessions_user_id')
  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'created_at', type: 'bigint', transformer: bigintAsNumber })
  createdAt: number;

  @Index('idx_sessions_expires_at')
  @Column({ name: 'expires_at', type: 'bigint', transformer: bigintAsNumber })
  expiresAt: number;
}
