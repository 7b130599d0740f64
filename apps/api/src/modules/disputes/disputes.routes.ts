import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  disputeEvidenceParams,
  disputeIdParams,
  disputeListQuery,
  disputeListResponse,
  disputeResponse,
  disputeStatusBody,
  createDisputeBody,
  errorBody,
  idParams,
} from '@pawsy/contract';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.ts';
import { withUploads } from '../../plugins/uploads.ts';
import { uploadParts } from '../../lib/documented-body.ts';
import { readDisputeForm } from './dispute-form.ts';
import { getDispute, listDisputes, sendEvidence } from './disputes-read.service.ts';
import { openDispute, setDisputeStatus } from './disputes.service.ts';
import { errorsReachingGateway } from '../../lib/route-errors.ts';

const errors = errorsReachingGateway;
const tags = ['disputes'];
const openDisputeForm = createDisputeBody.extend({
  evidence: uploadParts(
    'Up to 5 files (multipart only): JPEG, PNG or PDF, ≤ 10 MB each',
    5,
  ).optional(),
});

/** Opening a dispute: JSON, or a multipart form with evidence files. */
const openDisputeRoute: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.requireAuth };

  app.post(
    '/',
    {
      ...auth,
      config: { documentedBody: openDisputeForm },
      schema: {
        tags,
        consumes: ['application/json', 'multipart/form-data'],
        summary: 'Open a dispute on a booking (a party of it)',
        description:
          'JSON { bookingId, reason, description } or multipart/form-data with the same fields ' +
          'and up to 5 `evidence` files (JPEG, PNG or PDF, ≤ 10 MB each).',
        response: { 201: disputeResponse, ...errors, 413: errorBody, 415: errorBody },
      },
    },
    async (request, reply) => {
      const form = await readDisputeForm(app, request);
      const data = await openDispute(app, currentUser(request), form);
      return reply.status(201).send({ success: true as const, message: 'Dispute opened', data });
    },
  );
};

/** Disputes (prefix /dispute): SPEC §7's four calls plus the evidence download. */
export const disputesRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.requireAuth };

  await app.register(withUploads(openDisputeRoute));

  app.get(
    '/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Disputes on my bookings (admins: all), newest change first',
        querystring: disputeListQuery,
        response: { 200: disputeListResponse, ...errors },
      },
    },
    async (request) => listDisputes(app, currentUser(request), request.query),
  );

  app.get(
    '/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'A dispute (parties of its booking and admins)',
        params: idParams,
        response: { 200: disputeResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getDispute(app, currentUser(request), request.params.id),
    }),
  );

  app.get(
    '/:id/evidence/:evidenceId',
    {
      ...auth,
      schema: {
        tags,
        summary: 'An evidence file (parties and admins)',
        params: disputeEvidenceParams,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) =>
      sendEvidence(app, reply, currentUser(request), request.params.id, request.params.evidenceId),
  );

  app.put(
    '/status-update/:disputeId',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Set a dispute open, resolved (optional winnerId, a party) or closed (admins)',
        params: disputeIdParams,
        body: disputeStatusBody,
        response: { 200: disputeResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Dispute status updated',
      data: await setDisputeStatus(
        app,
        request.params.disputeId,
        request.body,
        currentUser(request).id,
      ),
    }),
  );
};
