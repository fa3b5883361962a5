import { buyerDetailsKey, initialDetails, rememberDetails } from './buyer-details-memory';

const dana = { _id: 'u1', name: 'דנה בת שבע כהן', email: 'dana@example.com' };
const details = {
  first_name: 'דנה',
  last_name: 'כהן',
  phone: '050-1234567',
  email: 'dana.c@example.com',
  address: 'הרצל 12',
  city: 'חיפה',
  zip: '3100000',
};

beforeEach(() => localStorage.clear());

describe('the buyer details kept for next time', () => {
  it('starts from the account: the name split at its first space, the e-mail', () => {
    expect(initialDetails(dana)).toEqual({
      first_name: 'דנה',
      last_name: 'בת שבע כהן',
      phone: '',
      email: 'dana@example.com',
      address: '',
      city: '',
      zip: '',
    });
  });

  it('offers what the same account used last time, and only to that account', () => {
    rememberDetails('u1', details);
    expect(initialDetails(dana)).toEqual(details);
    expect(initialDetails({ ...dana, _id: 'u2' }).address).toBe('');
  });

  it('forgets a corrupt or foreign entry instead of failing', () => {
    localStorage.setItem(buyerDetailsKey('u1'), '{not json');
    expect(initialDetails(dana).first_name).toBe('דנה');
    localStorage.setItem(
      buyerDetailsKey('u1'),
      JSON.stringify({
        city: 7,
        zip: 'x'.repeat(500),
        address: 'יפו 3',
        __proto__: { admin: true },
      }),
    );
    const start = initialDetails(dana);
    expect(start.city).toBe('');
    expect(start.zip).toBe('');
    expect(start.address).toBe('יפו 3');
    expect(Object.keys(start)).not.toContain('admin');
  });
});
