import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  couponListQuery,
  couponListResponse,
  couponQuoteQuery,
  couponQuoteResponse,
  couponResponse,
  createCouponBody,
  errorBody,
  idParams,
  updateCouponBody,
} from '@pawsy/contract';
import { currentUser } from '../../plugins/auth.ts';
import { couponCheckLimit } from './code-checks.ts';
import { normalizeCouponBody } from './coupon-aliases.ts';
import { createCoupon, listCoupons, quoteCoupon, updateCoupon } from './coupons.service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['coupons'];

/** Coupons (prefix /coupons): SPEC §7's three admin calls plus a quote for the subscribe screen. */
export const couponsRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: app.requireAdmin };

  app.get(
    '/',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Coupons, newest first, 20 a page unless limit says (at most 100; admins)',
        querystring: couponListQuery,
        response: { 200: couponListResponse, ...errors },
      },
    },
    async (request) => listCoupons(app, request.query),
  );

  app.post(
    '/',
    {
      ...admin,
      preValidation: normalizeCouponBody,
      schema: {
        tags,
        summary: 'Create a coupon (admins); codes are unique case-insensitively',
        body: createCouponBody,
        response: { 201: couponResponse, ...errors },
      },
    },
    async (request, reply) => {
      const data = await createCoupon(app, currentUser(request), request.body);
      return reply.status(201).send({ success: true as const, message: 'Coupon created', data });
    },
  );

  app.put(
    '/:id',
    {
      ...admin,
      preValidation: normalizeCouponBody,
      schema: {
        tags,
        summary: 'Update a coupon (admins)',
        params: idParams,
        body: updateCouponBody,
        response: { 200: couponResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Coupon updated',
      data: await updateCoupon(app, currentUser(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/quote',
    {
      onRequest: app.requireAuth,
      preHandler: couponCheckLimit(app),
      schema: {
        tags,
        summary: 'What a coupon takes off a price now, or why it cannot be used',
        querystring: couponQuoteQuery,
        response: {
          200: couponQuoteResponse,
          ...errors,
          429: errorBody.describe('Too many coupon codes tried this minute, or too many requests'),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await quoteCoupon(
        app,
        request.query.code,
        request.query.amountCents,
        currentUser(request).id,
      ),
    }),
  );
};
