import { describe, expect, it } from 'vitest';
import { orderAddressError, validateShipping } from './shipping';

const good = { country: 'argentina', state: 'cordoba', address: 'san martin', street: '1234' };

describe('shipping form', () => {
  it('passes a complete, well-formed address', () => {
    expect(validateShipping(good)).toEqual({ valid: true, fields: {} });
  });

  it("says 'Missing fields!' when any field is empty", () => {
    expect(validateShipping({ ...good, state: '' })).toMatchObject({ valid: false, form: 'Missing fields!' });
  });

  it('wants letters only in country, state and address (accents, ñ and spaces allowed)', () => {
    expect(validateShipping({ ...good, country: 'españa' }).valid).toBe(true);
    expect(validateShipping({ ...good, address: 'los álamos' }).valid).toBe(true);
    expect(validateShipping({ ...good, country: 'arg3ntina' }).fields.country).toBe('only letters!');
  });

  it('wants more than 3 and fewer than 15 characters', () => {
    expect(validateShipping({ ...good, state: 'bsa' }).fields.state).toBe("it's too short !");
    expect(validateShipping({ ...good, state: 'abcd' }).valid).toBe(true);
    expect(validateShipping({ ...good, address: 'abcdefghijklmnopq' }).fields.address).toBe("it's too large !");
    expect(validateShipping({ ...good, address: 'abcdefghijklmn' }).valid).toBe(true);
  });

  it('wants the street as 3 to 5 digits with no spaces', () => {
    expect(validateShipping({ ...good, street: '12 3' }).fields.street).toBe('only numbers & no spacing!');
    expect(validateShipping({ ...good, street: '12' }).fields.street).toBe("it's too short !");
    expect(validateShipping({ ...good, street: '123456' }).fields.street).toBe("it's too large !");
    expect(validateShipping({ ...good, street: '123' }).valid).toBe(true);
    expect(validateShipping({ ...good, street: '12345' }).valid).toBe(true);
  });
});

describe("the order's address line on the server", () => {
  it('passes what the shipping form and formatOrderAddress make', () => {
    expect(orderAddressError('Argentina, Cordoba, San Martin 1234')).toBeUndefined();
    expect(orderAddressError('España, Córdoba, Los Álamos 123')).toBeUndefined();
  });

  it('refuses a line the form could not have made, with the form’s message', () => {
    expect(orderAddressError('<img src=x onerror=alert(1)>')).toBe('Missing fields!');
    expect(orderAddressError('Spain, Madrid, Gran Via 12')).toBe("it's too short !");
    expect(orderAddressError('Spain, Madrid, <script> 123')).toBe('only letters!');
    expect(orderAddressError('Spain, Madrid, Gran Via 12a')).toBe('only numbers & no spacing!');
  });
});
