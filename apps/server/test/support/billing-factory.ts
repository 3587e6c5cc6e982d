import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppError } from '../../src/common/errors/app-error';
import { type Payer } from '../../src/modules/billing/billing.types';
import { ChannelEntity } from '../../src/modules/channels/channel.entity';
import { TokenEntity } from '../../src/modules/tokens/token.entity';
import { UserEntity } from '../../src/modules/users/user.entity';
import { type TestApp } from './test-app';

/** Factories writing the rows the ledger bills straight to the database. */
export function billingFactory(t: Pick<TestApp, 'app' | 'createUser'>) {
  const data = t.app.get(DataSource);
  let serial = 0;
  return {
    data,
    async user(quota: number): Promise<number> {
      serial += 1;
      const id = await t.createUser(`bill${serial}${randomBytes(2).toString('hex')}`, 'password-123');
      await data.getRepository(UserEntity).update({ id }, { quota });
      return id;
    },
    async token(userId: number, remainQuota: number, unlimitedQuota = false): Promise<number> {
      const saved = await data.getRepository(TokenEntity).save({
        userId,
        keyHash: randomBytes(32).toString('hex'),
        keySealed: 'sealed',
        name: 'billing',
        createdTime: 0,
        remainQuota,
        unlimitedQuota,
      });
      return saved.id;
    },
    async channel(): Promise<number> {
      return (
        await data
          .getRepository(ChannelEntity)
          .save({ name: 'billing', key: 'sealed', models: 'gpt-4o-mini', group: 'default', createdTime: 0 })
      ).id;
    },
    userRow: (id: number) => data.getRepository(UserEntity).findOneByOrFail({ id }),
    tokenRow: (id: number) => data.getRepository(TokenEntity).findOneByOrFail({ id }),
    channelRow: (id: number) => data.getRepository(ChannelEntity).findOneByOrFail({ id }),
  };
}

/** Who a reservation bills: the user, and their token unless null. */
export const payer = (userId: number, tokenId: number | null = null, tokenUnlimited = false): Payer => ({
  userId,
  tokenId,
  tokenUnlimited,
  warningThreshold: null,
  group: 'default',
});

/** The error code a billing call failed with, or undefined when it succeeded. */
export async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
  return undefined;
}
