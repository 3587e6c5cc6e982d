import { type LogsService } from '../logs/logs.service';
import { type OptionsService } from '../options/options.service';
import { type UsersService } from '../users/users.service';
import { RedeemService } from './redeem.service';
import { type RedemptionEntity } from './redemption.entity';
import { type RedemptionsRepository } from './redemptions.repository';

const code: RedemptionEntity = {
  id: 7,
  userId: 1,
  key: '0123456789abcdef0123456789abcdef',
  status: 1,
  name: 'promo',
  quota: 500,
  createdTime: 1,
  redeemedTime: 0,
  usedUserId: 0,
  isGift: false,
  maxUses: -1,
  usedCount: 0,
  validFrom: 0,
  validUntil: 0,
};

function setup(claimWins: boolean, creditFails = false) {
  const calls: string[] = [];
  const codes = {
    findByKey: () => Promise.resolve(code),
    findById: () => Promise.resolve({ ...code, status: 3 }),
    addUse: () => Promise.resolve(true),
    removeUse: () => Promise.resolve(calls.push('removeUse')),
    claim: () => Promise.resolve(claimWins),
    releaseClaim: () => Promise.resolve(calls.push('releaseClaim')),
  } as unknown as RedemptionsRepository;
  const users = {
    findActiveById: () => Promise.resolve({ id: 2, username: 'ann' }),
    isUsable: () => true,
    addQuota: () =>
      creditFails ? Promise.reject(new Error('db down')) : Promise.resolve(calls.push('addQuota')),
    rebateAfterTopUp: () => Promise.resolve(calls.push('rebate')),
  } as unknown as UsersService;
  const logs = { record: () => Promise.resolve(calls.push('log')) } as unknown as LogsService;
  const options = { getNumber: () => 500000 } as unknown as OptionsService;
  return { calls, service: new RedeemService(codes, users, logs, options) };
}

describe('redeem', () => {
  it('credits and logs only after winning the claim', async () => {
    const { calls, service } = setup(true);
    await expect(service.redeem(2, code.key, { ip: '', locale: 'en' })).resolves.toEqual({
      quota: 500,
      is_gift: false,
    });
    expect(calls).toEqual(['addQuota', 'log', 'rebate']);
  });

  it('never credits a lost claim', async () => {
    const { calls, service } = setup(false);
    await expect(service.redeem(2, code.key, { ip: '', locale: 'en' })).rejects.toMatchObject({
      code: 'code_used',
    });
    expect(calls).toEqual(['removeUse']);
  });

  it('gives the code back when the credit fails', async () => {
    const { calls, service } = setup(true, true);
    await expect(service.redeem(2, code.key, { ip: '', locale: 'en' })).rejects.toThrow('db down');
    expect(calls).toEqual(['releaseClaim']);
  });
});
