import { createHash } from 'node:crypto';
import { epaySign, epaySignatureValid } from './epay-signature';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe('easy-pay signature', () => {
  const params = {
    pid: '1001',
    type: 'alipay',
    out_trade_no: 'USR1NOabc1231700000000',
    name: 'TUC10',
    money: '73.00',
    sign_type: 'MD5',
    param: '',
  };

  it('signs the sorted non-empty parameters with the key appended', () => {
    expect(epaySign(params, 'KEY')).toBe(
      md5('money=73.00&name=TUC10&out_trade_no=USR1NOabc1231700000000&pid=1001&type=alipayKEY'),
    );
  });

  it('accepts its own signature in either case and refuses any change', () => {
    const sign = epaySign(params, 'KEY');
    expect(epaySignatureValid({ ...params, sign }, 'KEY')).toBe(true);
    expect(epaySignatureValid({ ...params, sign: sign.toUpperCase() }, 'KEY')).toBe(true);
    expect(epaySignatureValid({ ...params, sign, money: '74.00' }, 'KEY')).toBe(false);
    expect(epaySignatureValid({ ...params, sign }, 'OTHER')).toBe(false);
    expect(epaySignatureValid({ ...params, sign: '' }, 'KEY')).toBe(false);
    expect(epaySignatureValid(params, 'KEY')).toBe(false);
  });
});
