import { z } from 'zod';
import { id, numberOf, pathId, text, wholeNumber } from './common.ts';

/** Credits pay for bookings, which only pet owners make: they are granted to owners only. */
export const CREDITS_FOR_OWNERS =
  'Credits are spent on bookings, which only pet owners make: grant them to a pet owner';

export const grantCreditsBody = z.object({
  userId: id,
  amount: wholeNumber(numberOf('Amount').positive('Amount must be positive'), {
    whole: 'Amount must be whole cents',
    max: [1_000_000, 'At most 1 000 000 cents per grant'],
  }),
  reason: text('Reason', 200).min(1, 'Reason is required'),
});

export const creditEntryWire = z.object({
  _id: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  bookingId: z.string().optional(),
  createdAt: z.string(),
});
export type CreditEntryWire = z.infer<typeof creditEntryWire>;

export const grantCreditsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** `balance` and the entry's `amount` are cents of `currency`. */
  data: z.object({ balance: z.number().int(), currency: z.literal('USD'), entry: creditEntryWire }),
});

export const userCreditsParams = z.object({ userId: pathId });
export const userCreditsResponse = z.object({
  success: z.literal(true),
  data: z.object({
    userId: z.string(),
    balance: z.number().int(),
    currency: z.literal('USD'),
    entries: z.array(creditEntryWire),
  }),
});

// ---- Types of the calls above, for clients ----
export type GrantCreditsBody = z.input<typeof grantCreditsBody>;
export type GrantCreditsResponse = z.infer<typeof grantCreditsResponse>;
export type UserCreditsResponse = z.infer<typeof userCreditsResponse>;
