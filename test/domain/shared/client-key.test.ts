import { clientKey } from '../../../domain/shared/client-key';

test.each([
  ['203.0.113.7', '203.0.113.7'],
  ['::ffff:203.0.113.7', '203.0.113.7'],
  ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
  ['2001:db8:1:2:ffff::1', '2001:db8:1:2::/64'],
  ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
  [undefined, 'unknown'],
  ['garbage', 'unknown'],
])('%s counts as %s', (ip, key) => {
  expect(clientKey(ip)).toBe(key);
});
