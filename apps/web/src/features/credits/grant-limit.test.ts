import { grantCreditsBody } from '@pawsy/contract';
import { describe, expect, it } from 'vitest';
import { GRANT_MAX_CENTS } from './components/grant-credits-form';

describe('the grant form checks the API rule', () => {
  it('its most per grant is the contract’s', () => {
    const amount = grantCreditsBody.shape.amount;
    expect(amount.safeParse(GRANT_MAX_CENTS).success).toBe(true);
    expect(amount.safeParse(GRANT_MAX_CENTS + 1).success).toBe(false);
  });
});
