import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingResponse, decisionBody, errorBody, idParams, statusBody } from '@pawsy/contract';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { currentUser } from '../../plugins/auth.ts';
import { validationError } from '../../plugins/errors.ts';
import { uploadPart } from '../../lib/documented-body.ts';
import { IMAGE_TYPES, readMultipart, removeUpload, type StoredFile } from '../../lib/uploads.ts';
import { decideRequest } from './booking-decision.service.ts';
import { assertImageAllowed, changeStatus } from './booking-status.service.ts';

const PHOTO_RULES = {
  maxFiles: 1,
  maxFileBytes: 5 * 1024 * 1024,
  allowedTypes: IMAGE_TYPES,
  fileFields: ['image'],
} as const;

/** The two bodies, for the document: a decision (JSON), or a move (JSON, or a form with a photo). */
const acceptDocBody = z.union([
  decisionBody,
  statusBody.extend({
    image: uploadPart('A check-in photo (multipart only): JPEG, PNG or WebP, ≤ 5 MB').optional(),
  }),
]);

function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  throw validationError(parsed.error.issues);
}

/**
 * PUT /booking/accept/{id}: one path, two meanings (SPEC §7). With `decision` it decides a
 * request; with `status` it moves the booking. JSON, or multipart when a check-in photo
 * (`image`, JPEG/PNG/WebP ≤ 5 MB) comes along. A body with both is refused; a body `id` must be
 * the path's (400 otherwise); `provider_id` is not read (the booking's own sitter is).
 */
export const acceptRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/accept/:id',
    {
      onRequest: app.requireAuth,
      config: { documentedBody: acceptDocBody },
      schema: {
        tags: ['bookings'],
        consumes: ['application/json', 'multipart/form-data'],
        summary:
          'Decide a request ({ providerId, decision }) or move the booking ({ status, note? })',
        description:
          'JSON or multipart/form-data (fields status, note; file image). Decision: accepted | rejected. ' +
          'Status: in-progress | completed (assigned sitter), cancelled (owner or sitter, before start).',
        params: idParams,
        response: {
          200: bookingResponse,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          413: errorBody,
          415: errorBody,
        },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      let fields: unknown = request.body;
      let image: StoredFile | null = null;
      if (request.isMultipart()) {
        const form = await readMultipart(request, app.storage, PHOTO_RULES);
        fields = form.fields;
        image = form.files[0] ?? null;
      }
      try {
        // A null or empty `decision` is no decision (a client sending every key of its form).
        const given = (key: string) =>
          typeof fields === 'object' &&
          fields !== null &&
          ![undefined, null, ''].includes((fields as Record<string, unknown>)[key] as never);
        const isDecision = given('decision');
        if (isDecision && given('status'))
          throw badRequest('Send a decision or a status, not both', 'status');
        // SPEC §7's status move names the booking in the body too: it must be the path's.
        const bodyId = given('id') ? String((fields as Record<string, unknown>).id) : null;
        if (bodyId !== null && bodyId !== request.params.id)
          throw badRequest('id names another booking than the one in the path', 'id');
        if (isDecision) {
          if (image) throw badRequest('A decision carries no photo', 'image');
          const body = parseWith(decisionBody, fields);
          const data = await decideRequest(app, caller, request.params.id, body);
          const message = body.decision === 'accepted' ? 'Booking accepted' : 'Request rejected';
          return { success: true as const, message, data };
        }
        const isMove = given('status');
        if (!isMove)
          throw new AppError(
            'VALIDATION',
            'Send providerId and decision (accepted or rejected), or a status',
          );
        const body = parseWith(statusBody, fields);
        assertImageAllowed(body.status, image);
        const data = await changeStatus(app, caller, request.params.id, { ...body, image });
        image = null; // owned by the event now (changeStatus removes it on failure)
        return { success: true as const, message: `Booking ${data.status}`, data };
      } finally {
        if (image) removeUpload(app.storage, image.storedName);
      }
    },
  );
};
