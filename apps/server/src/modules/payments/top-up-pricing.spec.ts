import {
  formatCents,
  minimumAmount,
  moneyCentsFor,
  parseMoney,
  quotaFor,
  type TopUpPricing,
} from './top-up-pricing';

const dollars: TopUpPricing = {
  displayInCurrency: true,
  quotaPerUnit: 500000,
  price: 7.3,
  groupRatio: 1,
  minTopUp: 1,
};
const quota: TopUpPricing = { ...dollars, displayInCurrency: false };

describe('top-up pricing', () => {
  it('prices dollars at Price × the group ratio, to the cent', () => {
    expect(moneyCentsFor(3, dollars)).toBe(2190);
    expect(moneyCentsFor(10, { ...dollars, groupRatio: 0.85 })).toBe(6205);
    expect(moneyCentsFor(1, { ...dollars, groupRatio: 0 })).toBe(730);
    expect(moneyCentsFor(1, { ...dollars, price: 0.001 })).toBe(0);
  });

  it('reads amounts as quota when the site does not display currency', () => {
    expect(minimumAmount(quota)).toBe(500000);
    expect(minimumAmount({ ...dollars, minTopUp: 5 })).toBe(5);
    expect(quotaFor(750000, quota)).toBe(750000);
    expect(quotaFor(2, dollars)).toBe(1000000);
    expect(moneyCentsFor(750000, quota)).toBe(1095);
  });

  it('writes and reads easy-pay money', () => {
    expect(formatCents(2190)).toBe('21.90');
    expect(formatCents(5)).toBe('0.05');
    expect(parseMoney('21.90')).toBe(2190);
    expect(parseMoney('21.9')).toBe(2190);
    expect(parseMoney('21')).toBe(2100);
    for (const bad of ['', '21.901', '-1', '1e3', ' 21.90', '21.', 'abc']) expect(parseMoney(bad)).toBeNull();
  });
});
