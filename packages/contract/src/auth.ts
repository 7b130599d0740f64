import { z } from 'zod';
import { fieldWords, nullAsLeftOut, plainText, trimmedText, userRef } from './common.ts';
import { normalizeService } from './services.ts';

/** Roles as they travel on the wire (`userType`, mirrored in `role`). */
export const userType = z.enum(['user', 'provider', 'admin']);
export type UserType = z.infer<typeof userType>;

export const coordinates = z.object({ longitude: z.number(), latitude: z.number() });

/**
 * The caller's own user object (auth answers, own profile): every field of SPEC §3 with the
 * spec's spelling. Never carries the password hash, codes or sessions.
 */
export const userSelf = userRef.extend({
  email: z.string(),
  phone: z.string(),
  userType,
  role: userType,
  isAdmin: z.boolean(),
  KYC_verified: z.boolean(),
  is_verified: z.boolean(),
  is_paid: z.boolean(),
  email_verified: z.boolean(),
  term: z.boolean(),
  primary_services: z.array(z.string()),
  dob: z.string().nullable(),
  emergency_phone: z.string().nullable(),
  bio: z.string().nullable(),
  headline: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
  date_of_issue: z.string().nullable(),
  date_of_expiry: z.string().nullable(),
  document_type: z.string().nullable(),
  preferred_location: z.string().nullable(),
  email_notification: z.boolean(),
  pet_prefrences: z.array(z.string()),
  /** Provider's price per service in minor units (cents) of `currency`. */
  service_rates: z.record(z.string(), z.number().int()),
  currency: z.string(),
  image: z.string().nullable(),
  coordinates: coordinates.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserSelf = z.infer<typeof userSelf>;

// ---- Requests (SPEC §7 Auth) ----

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const emailField = z
  .string()
  .trim()
  .max(254, 'Email is too long')
  .toLowerCase()
  .pipe(z.email('Enter a valid email address'));
export const passwordField = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  // Spaces count inside a password, but eight of them alone are no secret.
  .refine((value) => value.trim().length >= PASSWORD_MIN, {
    message: `Password must be at least ${PASSWORD_MIN} characters, not counting spaces at the start or end`,
  });
/** Any stored password may be typed back; only the length bound keeps huge bodies out. */
const typedPassword = z
  .string()
  .min(1, 'Password is required')
  .max(PASSWORD_MAX, 'Password is too long');
export const otpField = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The code has 6 digits');

export const nameField = (label: string) =>
  trimmedText().min(1, `${label} is required`).max(100, `${label} is too long`);

/**
 * A phone number as people type it: digits with +, spaces, dots, dashes and brackets, 6 to 15
 * digits (E.164's longest). One rule for signup and the profile's phone fields.
 */
export const isPhoneNumber = (v: string): boolean => {
  if (!/^[+\d\s().-]+$/.test(v)) return false;
  const digits = v.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 15;
};
export const PHONE_MESSAGE = 'Enter a valid phone number';

export const phoneField = z
  .string()
  .trim()
  .min(1, 'Phone is required')
  .max(40, 'Phone is too long')
  .refine(isPhoneNumber, PHONE_MESSAGE);

/** A flag sent as a boolean, a string ("true", "on", "1") or a number, read as a boolean. */
export const looseBoolean = z
  .union([z.boolean(), plainText('The flag', 10), z.number()])
  .transform((v) => v === true || v === 1 || ['true', '1', 'yes', 'on'].includes(String(v)));

/** term is coerced to a boolean and must be accepted. */
const termField = looseBoolean.refine((v) => v, 'You must accept the terms of use');

const servicesField = z
  .union([
    z
      .array(plainText('A service', 60).trim().min(1, 'A service must not be empty'))
      .max(20, fieldWords.atMostItems('Services', 20)),
    plainText('A service', 60).trim(),
  ])
  .transform((v) => [
    ...new Set((typeof v === 'string' ? (v ? [v] : []) : v).map(normalizeService)),
  ]);

/** SPEC spells it `primery_services`; `primary_services` is accepted too. */
export const signupBody = z
  .object({
    firstName: nameField('First name'),
    lastName: nameField('Last name'),
    email: emailField,
    phone: phoneField,
    primery_services: nullAsLeftOut(servicesField.optional()),
    primary_services: nullAsLeftOut(servicesField.optional()),
    password: passwordField,
    term: termField,
    userType: z.enum(['user', 'provider']).optional(),
  })
  .transform(({ primery_services, primary_services, ...rest }) => ({
    ...rest,
    primary_services: primery_services ?? primary_services ?? [],
  }));
export type SignupBody = z.input<typeof signupBody>;

export const loginBody = z.object({
  email: emailField,
  password: typedPassword,
  rememberMe: nullAsLeftOut(looseBoolean.optional()).transform((v) => v === true),
});
export const emailBody = z.object({ email: emailField });
export const verifyOtpBody = z.object({ email: emailField, otp: otpField });
export const resetPasswordBody = z.object({
  email: emailField,
  otp: otpField,
  password: passwordField,
});
/** Logout identifies the session by its token; a body email is accepted and ignored. */
export const logoutBody = z.object({ email: plainText('email', 254).optional() }).nullish();
export const updatePasswordBody = z.object({
  currentPassword: typedPassword,
  newPassword: passwordField,
});
/** DELETE /api/user/account asks for the password again: a borrowed session cannot close it. */
export const closeAccountBody = z.object({ password: typedPassword });

// ---- Responses ----

export const signupResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.object({ token: z.string(), expiresAt: z.string() }),
  expiresAt: z.string(),
  user: userSelf,
});
export const loginResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  expiresAt: z.string(),
  user: userSelf,
});
export const authMessageResponse = z.object({ success: z.literal(true), message: z.string() });
/**
 * The auth actions answer `{ success, message, data }` (DESIGN §4); `data` says what now holds.
 * resend-otp and forget-password answer `data: null`: the same for every address, registered or
 * not (docs/decisions.md).
 */
const authActionResponse = <D extends z.ZodType>(data: D) => authMessageResponse.extend({ data });
/** Which of the account's sessions the action ended: the caller's, all but it, or all. */
const sessionsEnded = <V extends 'this' | 'others' | 'all'>(value: V) => z.literal(value);
export const verifyOtpResponse = authActionResponse(z.object({ emailVerified: z.literal(true) }));
export const codeSentResponse = authActionResponse(z.null());
export const resetPasswordResponse = authActionResponse(
  z.object({ emailVerified: z.literal(true), sessionsEnded: sessionsEnded('all') }),
);
export const logoutResponse = authActionResponse(
  z.object({ sessionsEnded: sessionsEnded('this') }),
);
export const updatePasswordResponse = authActionResponse(
  z.object({ sessionsEnded: sessionsEnded('others') }),
);
export const closeAccountResponse = authActionResponse(
  z.object({ sessionsEnded: sessionsEnded('all') }),
);

// ---- Types of the calls above, for clients (requests as sent, answers as received) ----
export type LoginBody = z.input<typeof loginBody>;
export type EmailBody = z.input<typeof emailBody>;
export type VerifyOtpBody = z.input<typeof verifyOtpBody>;
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;
export type LogoutBody = z.input<typeof logoutBody>;
export type UpdatePasswordBody = z.input<typeof updatePasswordBody>;
export type CloseAccountBody = z.input<typeof closeAccountBody>;
export type CloseAccountResponse = z.infer<typeof closeAccountResponse>;
export type SignupResponse = z.infer<typeof signupResponse>;
export type LoginResponse = z.infer<typeof loginResponse>;
export type AuthMessageResponse = z.infer<typeof authMessageResponse>;
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponse>;
export type CodeSentResponse = z.infer<typeof codeSentResponse>;
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponse>;
export type LogoutResponse = z.infer<typeof logoutResponse>;
export type UpdatePasswordResponse = z.infer<typeof updatePasswordResponse>;
