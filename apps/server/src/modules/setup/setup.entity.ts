import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintAsNumber } from '../../infra/database/columns';

/** One row once the first-run wizard has completed. */
@Entity('setups')
export class SetupEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 32 })
  version: string;

  @Column({ name: 'initialized_at', type: 'bigint', transformer: bigintAsNumber })
  initializedAt: number;
}
