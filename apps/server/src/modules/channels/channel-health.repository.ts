import { Inject, Injectable } from '@nestjs/common';
import { ChannelStatus } from '@tollgate/contracts';
import { DataSource } from 'typeorm';
import { AbilityEntity } from './ability.entity';
import { ChannelEntity } from './channel.entity';

/** The columns automatic status changes read and write. */
export type ChannelHealthState = Pick<ChannelEntity, 'status' | 'channelInfo'>;

export interface ChannelHealthChange extends ChannelHealthState {
  /** Absent = other_info stays as it is. */
  otherInfo?: string;
}

/** Status writes of automatic disabling and enabling, as compare-and-set so racing replicas never clobber. */
@Injectable()
export class ChannelHealthRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async findState(id: number): Promise<ChannelHealthState | null> {
    const row = await this.dataSource
      .getRepository(ChannelEntity)
      .findOne({ select: { status: true, channelInfo: true }, where: { id } });
    return row && { status: row.status, channelInfo: row.channelInfo };
  }

  /**
   * Writes `next` only while the row still holds `expected` (status and channel_info), with its abilities'
   * enabled flag in the same transaction; false when someone else changed the row first.
   */
  compareAndSet(id: number, expected: ChannelHealthState, next: ChannelHealthChange): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const updated = await manager
        .createQueryBuilder()
        .update(ChannelEntity)
        .set(next)
        .where('id = :id AND status = :status AND channel_info = :channelInfo', {
          id,
          status: expected.status,
          channelInfo: expected.channelInfo,
        })
        .execute();
      if (updated.affected !== 1) return false;
      if (next.status !== expected.status) {
        await manager.update(
          AbilityEntity,
          { channelId: id },
          { enabled: next.status === ChannelStatus.Enabled },
        );
      }
      return true;
    });
  }
}
