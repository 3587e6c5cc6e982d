import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Routing index: one row per (group, model) a channel serves, copied from the channel so the relay can pick
 * candidates without parsing comma lists. Always rewritten in the same transaction as its channel.
 */
@Entity('abilities')
export class AbilityEntity {
  @PrimaryColumn({ name: 'group', type: 'varchar', length: 64 })
  group: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  model: string;

  @Index('idx_abilities_channel_id')
  @PrimaryColumn({ name: 'channel_id', type: 'integer' })
  channelId: number;

  /** Channel status is 1. */
  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @Column({ type: 'integer', default: 0 })
  priority: number;

  @Column({ type: 'integer', default: 0 })
  weight: number;

  @Index('idx_abilities_tag')
  @Column({ type: 'varchar', length: 255, default: '' })
  tag: string;
}
