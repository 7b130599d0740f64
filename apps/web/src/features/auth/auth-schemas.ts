import { emailField, nameField, otpField, passwordField, phoneField } from '@pawsy/contract';
import { z } from 'zod';

// Field rules come from the API's own schemas (packages/contract) so both sides agree.

export const loginFormSchema = z.object({
  email: emailField,
  password: z.string().min(1, 'Password is required'),
  rememberMe: z.boolean(),
});
export type LoginValues = z.infer<typeof loginFormSchema>;

export const signupFormSchema = z.object({
  firstName: nameField('First name'),
  lastName: nameField('Last name'),
  email: emailField,
  phone: phoneField,
  primaryServices: z.array(z.string()),
  password: passwordField,
  term: z.boolean().refine((accepted) => accepted, 'You must accept the terms of use'),
  userType: z.enum(['user', 'provider']),
});

export const emailFormSchema = z.object({ email: emailField });

export const resetFormSchema = z.object({ otp: otpField, password: passwordField });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: passwordField,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
