import { describe, expect, it } from 'vitest';
import { groupsOfFour, setupKeyOf } from './otpauth.ts';

describe('setupKeyOf', () => {
  it('reads the secret of an otpauth URI as the API builds it', () => {
    const uri = 'otpauth://totp/Tidewise:ops%40nordwind.example?secret=GKOOVEBIH4QU3YCG2FEVHLYRRHP5746A&issuer=Tidewise';
    expect(setupKeyOf(uri)).toBe('GKOOVEBIH4QU3YCG2FEVHLYRRHP5746A');
  });

  it('normalises letter case and padding', () => {
    expect(setupKeyOf('otpauth://totp/x?secret=jbswy3dpehpk3pxp==')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('answers null without a usable key', () => {
    expect(setupKeyOf(null)).toBeNull();
    expect(setupKeyOf('')).toBeNull();
    expect(setupKeyOf('not a uri')).toBeNull();
    expect(setupKeyOf('https://example.com/?secret=JBSWY3DPEHPK3PXP')).toBeNull();
    expect(setupKeyOf('otpauth://totp/x?issuer=Tidewise')).toBeNull();
    expect(setupKeyOf('otpauth://totp/x?secret=not-base32!')).toBeNull();
  });
});

describe('groupsOfFour', () => {
  it('spaces the key every four characters', () => {
    expect(groupsOfFour('JBSWY3DPEHPK3PXPJB')).toBe('JBSW Y3DP EHPK 3PXP JB');
  });
});
