import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The last journal entry the database applied, per journal: written in the transaction that applies a batch,
 * so an entry delivered again (its drainer died before acknowledging it) is recognised and never charged twice.
 */
@Entity('ledger_cursors')
export class LedgerCursorEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  name: string;

  @Column({ name: 'last_id', type: 'varchar', length: 64 })
  lastId: string;
}
