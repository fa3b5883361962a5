import { isLoopbackAddress } from './dev-mail.controller';

describe('the local outbox’s loopback check', () => {
  it('admits this machine, over IPv4, IPv6 or IPv4 mapped into IPv6', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(address)).toBe(true);
  });

  it('refuses every other peer, and an unknown one', () => {
    for (const address of [
      '10.0.0.5',
      '::ffff:10.0.0.5',
      '192.168.1.127',
      'fe80::1',
      '::',
      undefined,
    ])
      expect(isLoopbackAddress(address)).toBe(false);
  });
});
