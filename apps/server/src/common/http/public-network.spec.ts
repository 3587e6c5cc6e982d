import { isPrivateHost, isPublicAddress } from './public-network';

describe('public network', () => {
  it('refuses private addresses, IPv4-mapped ones included', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '169.254.169.254', '::1', '::ffff:127.0.0.1', 'fd00::1'])
      expect({ ip, public: isPublicAddress(ip) }).toEqual({ ip, public: false });
    for (const ip of ['93.184.216.34', '2606:4700::1111'])
      expect({ ip, public: isPublicAddress(ip) }).toEqual({ ip, public: true });
  });

  it('takes names under localhost and .local, and private literals, as private without resolving', () => {
    for (const host of ['localhost', 'api.localhost', 'printer.local', '[::1]', '10.0.0.1'])
      expect({ host, private: isPrivateHost(host) }).toEqual({ host, private: true });
    expect(isPrivateHost('hooks.example.com')).toBe(false);
  });
});
