import { z } from 'zod';

/**
 * GET /booking/{id}/contact: the other party's phone and address, for the owner and the assigned
 * sitter of an accepted or in-progress booking (the sitter goes to the owner's home, or the owner
 * brings the pet to the sitter's). Fields the member left empty are null.
 */
export const bookingContact = z.object({
  userId: z.string(),
  role: z.enum(['owner', 'provider']).describe("The other party's side of the booking"),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  emergencyPhone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
});
export type BookingContact = z.infer<typeof bookingContact>;
export const bookingContactResponse = z.object({ success: z.literal(true), data: bookingContact });
export type BookingContactResponse = z.infer<typeof bookingContactResponse>;
