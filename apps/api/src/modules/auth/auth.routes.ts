import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  codeSentResponse,
  emailBody,
  errorBody,
  loginBody,
  loginResponse,
  logoutBody,
  logoutResponse,
  resetPasswordBody,
  resetPasswordResponse,
  signupBody,
  signupResponse,
  updatePasswordBody,
  updatePasswordResponse,
  verifyOtpBody,
  verifyOtpResponse,
} from '@pawsy/contract';
import { currentUser, sentToken } from '../../plugins/auth.ts';
import * as auth from './auth.service.ts';
import {
  createDailyCodeLimit,
  createWideLimits,
  ipEmailLimit,
  ipLimit,
  userLimit,
} from './rate-limits.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody };
const tags = ['auth'];

/** SPEC §7 Auth, mounted at /api/auth. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const max = app.config.authRateLimitMax;
  const wideLimits = createWideLimits(app, max);
  const verifyTriesToday = createDailyCodeLimit(app, 'verify-otp');
  const resetTriesToday = createDailyCodeLimit(app, 'reset-password');
  void auth.warmDummyHash();

  app.post(
    '/signup',
    {
      config: { rateLimit: ipLimit('signup', max * 3) },
      schema: { tags, body: signupBody, response: { 201: signupResponse, ...errors } },
    },
    async (request, reply) => {
      const { session, user } = await auth.signup(app, request.body);
      return reply.status(201).send({
        success: true as const,
        message: 'Account created. We sent a verification code to your email.',
        token: session,
        expiresAt: session.expiresAt,
        user,
      });
    },
  );

  app.post(
    '/login',
    {
      config: { rateLimit: ipEmailLimit('login', max) },
      preValidation: wideLimits,
      schema: { tags, body: loginBody, response: { 200: loginResponse, ...errors } },
    },
    async (request) => {
      const result = await auth.login(app, request.body);
      return { success: true as const, message: 'Login successful', ...result };
    },
  );

  app.post(
    '/verify-otp',
    {
      config: { rateLimit: ipEmailLimit('verify-otp', max) },
      preValidation: [wideLimits, verifyTriesToday],
      schema: { tags, body: verifyOtpBody, response: { 200: verifyOtpResponse, ...errors } },
    },
    async (request) => {
      await auth.verifyEmail(app, { ...request.body, token: sentToken(request) });
      return {
        success: true as const,
        message: 'OTP verified successfully',
        data: { emailVerified: true as const },
      };
    },
  );

  app.post(
    '/resend-otp',
    {
      config: { rateLimit: ipEmailLimit('resend-otp', max) },
      schema: { tags, body: emailBody, response: { 200: codeSentResponse, ...errors } },
    },
    (request) => {
      auth.resendVerification(app, request.body.email);
      return { success: true as const, message: auth.AUTH_MESSAGES.resendSent, data: null };
    },
  );

  app.post(
    '/forget-password',
    {
      config: { rateLimit: ipEmailLimit('forget-password', max) },
      schema: { tags, body: emailBody, response: { 200: codeSentResponse, ...errors } },
    },
    (request) => {
      auth.forgotPassword(app, request.body.email);
      return { success: true as const, message: auth.AUTH_MESSAGES.resetSent, data: null };
    },
  );

  app.post(
    '/reset-password',
    {
      config: { rateLimit: ipEmailLimit('reset-password', max) },
      preValidation: [wideLimits, resetTriesToday],
      schema: {
        tags,
        body: resetPasswordBody,
        response: { 200: resetPasswordResponse, ...errors },
      },
    },
    async (request) => {
      await auth.resetPassword(app, request.body);
      return {
        success: true as const,
        message: 'Your password has been reset. Please log in with your new password.',
        data: { emailVerified: true as const, sessionsEnded: 'all' as const },
      };
    },
  );

  app.post(
    '/logout',
    {
      onRequest: app.requireAuth,
      schema: { tags, body: logoutBody, response: { 200: logoutResponse, ...errors } },
    },
    async (request) => {
      await auth.logout(app, currentUser(request).sessionId);
      return {
        success: true as const,
        message: 'Logged out successfully',
        data: { sessionsEnded: 'this' as const },
      };
    },
  );

  app.put(
    '/update-password',
    {
      onRequest: app.requireAuth,
      config: { rateLimit: userLimit('update-password', max) },
      schema: {
        tags,
        body: updatePasswordBody,
        response: { 200: updatePasswordResponse, ...errors },
      },
    },
    async (request) => {
      await auth.updatePassword(app, currentUser(request), request.body);
      return {
        success: true as const,
        message: 'Password updated successfully',
        data: { sessionsEnded: 'others' as const },
      };
    },
  );
};
