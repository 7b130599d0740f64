import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorBody,
  idParams,
  KYC_MISSING_CREDENTIALS,
  kycDocumentParams,
  kycListQuery,
  kycListResponse,
  kycMessageResponse,
  kycRecordResponse,
  kycSendMessageBody,
  kycSubmitFields,
  kycUserParams,
  kycUserResponse,
  kycVerifyBody,
} from '@pawsy/contract';
import { currentUser } from '../../plugins/auth.ts';
import { withUploads } from '../../plugins/uploads.ts';
import { uploadParts } from '../../lib/documented-body.ts';
import { getKyc, getUserKyc, listKyc } from './kyc.service.ts';
import { submitKyc } from './kyc-submit.service.ts';
import { sendKycDocument, sendKycMessage, verifyKyc } from './kyc-review.service.ts';

const tags = ['kyc'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
/** Each message is a row and a push; a person types far fewer than this. */
const MESSAGE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;
const kycSubmitForm = kycSubmitFields.extend({
  documents: uploadParts('1 to 5 files: JPEG, PNG or PDF, ≤ 10 MB each', 5).min(1),
});

/** Submitting documents: a multipart form. */
const kycSubmitRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      onRequest: app.requireAuth,
      config: { missingTokenMessage: KYC_MISSING_CREDENTIALS, documentedBody: kycSubmitForm },
      schema: {
        tags,
        summary: 'Submit KYC documents (multipart: documents ×1–5, text, userId, kycId?)',
        description:
          "JPEG, PNG or PDF, type read from the bytes, ≤ 10 MB each. With kycId the caller's own " +
          'rejected record is resubmitted (PENDING again, documents replaced). While one of the ' +
          "caller's records is PENDING, or onto a Verified one, 409. Images are re-encoded.",
        consumes: ['multipart/form-data'],
        response: {
          201: kycRecordResponse,
          ...errors,
          409: errorBody,
          413: errorBody,
          415: errorBody,
        },
      },
    },
    async (request, reply) => {
      const data = await submitKyc(app, currentUser(request), request);
      return reply
        .status(201)
        .send({ success: true as const, message: 'KYC submitted successfully', data });
    },
  );
};

/** SPEC §7 KYC (prefix /kyc). Static paths are declared before /:id so they win. */
export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.requireAuth };
  const admin = { onRequest: app.requireAdmin };

  await app.register(withUploads(kycSubmitRoute));

  app.get(
    '/',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Admins: KYC records by status and search, newest change first',
        querystring: kycListQuery,
        response: { 200: kycListResponse, ...errors },
      },
    },
    async (request) => ({ success: true as const, ...(await listKyc(app, request.query)) }),
  );

  app.get(
    '/user/:userId',
    {
      ...auth,
      schema: { tags, params: kycUserParams, response: { 200: kycUserResponse, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await getUserKyc(app, currentUser(request), request.params.userId),
    }),
  );

  app.put(
    '/verify/:userId',
    {
      ...admin,
      schema: {
        tags,
        summary: "Admins: decide the user's newest record (action VERIFIED, anything else rejects)",
        description:
          'A record that changed after it was read (another admin decided it at the same moment, or the member resubmitted) is a 409: one of two racing decisions wins.',
        params: kycUserParams,
        body: kycVerifyBody,
        response: { 200: kycRecordResponse, ...errors, 409: errorBody },
      },
    },
    async (request) => {
      const { verified, record } = await verifyKyc(
        app,
        currentUser(request),
        request.params.userId,
        request.body,
      );
      const message = verified ? 'KYC verified successfully' : 'KYC rejected successfully';
      return { success: true as const, message, data: record };
    },
  );

  app.post(
    '/send-message',
    {
      ...auth,
      config: {
        rateLimit: {
          ...MESSAGE_RATE_LIMIT,
          // After requireAuth, so the count is per sender, not per IP.
          hook: 'preHandler',
          keyGenerator: (request) => `kyc-message|${currentUser(request).id}`,
        },
      },
      schema: {
        tags,
        summary: 'Write in a KYC conversation (owner or admin; the sender is always the caller)',
        body: kycSendMessageBody,
        response: { 201: kycMessageResponse, ...errors, 429: errorBody },
      },
    },
    async (request, reply) => {
      const { message, conversation } = await sendKycMessage(
        app,
        currentUser(request),
        request.body,
      );
      return reply.status(201).send({ success: true as const, data: message, conversation });
    },
  );

  app.get(
    '/:id',
    {
      ...auth,
      schema: { tags, params: idParams, response: { 200: kycRecordResponse, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await getKyc(app, currentUser(request), request.params.id),
    }),
  );

  app.get(
    '/:id/documents/:docId',
    {
      ...auth,
      schema: {
        tags,
        summary: 'One document of a record, for its owner and admins only',
        params: kycDocumentParams,
      },
    },
    async (request, reply) =>
      sendKycDocument(app, currentUser(request), request.params.id, request.params.docId, reply),
  );
};
