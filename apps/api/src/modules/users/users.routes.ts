import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBody,
  pathIdOr,
  profileResponse,
  profileUpdateResponse,
  userFlagsBody,
  userIdParams,
} from '@pawsy/contract';
import { badRequest } from '../../lib/app-error.ts';
import { currentUser } from '../../plugins/auth.ts';
import { sendSerialized } from '../../lib/response-serializer.ts';
import { withUploads } from '../../plugins/uploads.ts';
import { photoCacheHeaders } from '../../lib/images.ts';
import type { IdentityReviewCheck } from './identity-lock.ts';
import { profileFormDoc } from './profile-input.ts';
import {
  ownProfileJson,
  sendUserImage,
  setUserFlags,
  unchangedOwnProfileJson,
  updateOwnProfile,
} from './users.service.ts';

/** The spec's profile client reads `error` as well as `message` on a failed update. */
async function addErrorField(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
  try {
    const body = JSON.parse(payload) as Record<string, unknown>;
    if (typeof body.message === 'string' && body.error === undefined) {
      return JSON.stringify({ ...body, error: body.message });
    }
  } catch {
    // not JSON: leave it
  }
  return payload;
}

const tags = ['users'];

/** Editing the own profile: a multipart form (fields and an optional photo). */
const profileUpdateRoute =
  (isUnderReview: IdentityReviewCheck): FastifyPluginAsyncZod =>
  async (app) => {
    const auth = { onRequest: app.requireAuth };

    app.put(
      '/update-profile',
      {
        ...auth,
        onSend: addErrorField,
        config: { documentedBody: profileFormDoc },
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          description:
            'Once KYC_verified is set, or while a KYC record is PENDING, a changed firstName, ' +
            'lastName, dob, document_type, date_of_issue or date_of_expiry is refused (409, each ' +
            'named in errors); resending the stored values is accepted.',
          response: { 200: profileUpdateResponse, 409: errorBody, 415: errorBody },
        },
      },
      async (request) => {
        const user = await updateOwnProfile(app, request, currentUser(request), isUnderReview);
        return { success: true as const, message: 'Profile updated successfully', data: user };
      },
    );
  };

/**
 * The caller's own account, profile photos and admin flags (prefix /user, shared with the
 * sitters and dashboard modules, which serve /nearby, /:id, /:id/reviews and /dashboard/:id).
 */
export const createUserRoutes =
  (deps: { isIdentityUnderReview: IdentityReviewCheck }): FastifyPluginAsyncZod =>
  async (app) => {
    const auth = { onRequest: app.requireAuth };

    app.get(
      '/user-profile',
      { ...auth, schema: { tags, response: { 200: profileResponse } } },
      // A kept answer goes out as the JSON this route's serialiser made of it once.
      async (request, reply) => {
        const caller = currentUser(request);
        const json =
          unchangedOwnProfileJson(app, caller) ??
          (await ownProfileJson(
            app,
            caller,
            (user) => reply.serialize({ success: true as const, data: user, user }) as string,
          ));
        return sendSerialized(reply, json);
      },
    );

    await app.register(withUploads(profileUpdateRoute(deps.isIdentityUnderReview)));

    app.get(
      '/:id/image',
      {
        ...auth,
        onSend: photoCacheHeaders,
        schema: {
          tags,
          params: userIdParams,
          querystring: z.object({ size: z.enum(['full', 'thumb']).catch('full').default('full') }),
        },
      },
      async (request, reply) =>
        sendUserImage(app, request, reply, request.params.id, request.query.size),
    );

    app.put('/', { onRequest: app.requireAdmin, schema: { tags, hide: true } }, async () => {
      throw badRequest('User id is required', 'id');
    });

    app.put(
      '/:id',
      {
        onRequest: app.requireAdmin,
        schema: {
          tags,
          // SPEC §5: a flag update without an id (a blank one too) is "User id is required".
          params: z.object({ id: pathIdOr('User id is required') }),
          body: userFlagsBody,
          response: { 200: profileUpdateResponse },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'User updated successfully',
        data: await setUserFlags(app, request.params.id, request.body, {
          actorId: currentUser(request).id,
        }),
      }),
    );
  };
