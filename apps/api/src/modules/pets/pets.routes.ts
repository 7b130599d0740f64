import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBody,
  petCreateFields,
  petIdParams,
  petListQuery,
  petListResponse,
  petOwnerParams,
  petRemovedResponse,
  petResponse,
  petUpdateFields,
} from '@pawsy/contract';
import { currentUser } from '../../plugins/auth.ts';
import { withUploads } from '../../plugins/uploads.ts';
import { uploadPart } from '../../lib/documented-body.ts';
import { photoCacheHeaders } from '../../lib/images.ts';
import { createPet, listPets, removePet, sendPetImage, updatePet } from './pets.service.ts';

const tags = ['pets'];
const photo = uploadPart('The pet photo (also accepted as `image`): JPEG, PNG or WebP').optional();
const petCreateForm = petCreateFields.extend({
  userId: z.string().describe("The caller's own id (SPEC §7)"),
  photo,
});
const petUpdateForm = petUpdateFields.extend({ photo });

/** Adding and editing a pet: multipart forms (fields and an optional photo). */
const petFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.requireAuth };

  app.post(
    '/',
    {
      ...auth,
      config: { documentedBody: petCreateForm },
      schema: {
        tags,
        summary: 'Add a pet to your own profile (multipart: userId, name, species…, photo?)',
        consumes: ['multipart/form-data'],
        response: { 201: petResponse, 403: errorBody, 415: errorBody },
      },
    },
    async (request, reply) => {
      const pet = await createPet(app, request, currentUser(request));
      return reply.status(201).send({
        success: true as const,
        message: 'Pet added successfully',
        data: pet,
        result: pet,
      });
    },
  );

  app.put(
    '/:petId',
    {
      ...auth,
      config: { documentedBody: petUpdateForm },
      schema: {
        tags,
        summary: 'Edit one of your pets (multipart: the fields to change, photo?)',
        params: petIdParams,
        consumes: ['multipart/form-data'],
        response: { 200: petResponse, 415: errorBody },
      },
    },
    async (request) => {
      const pet = await updatePet(app, request, currentUser(request), request.params.petId);
      return {
        success: true as const,
        message: 'Pet updated successfully',
        data: pet,
        result: pet,
      };
    },
  );
};

export const petRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.requireAuth };

  app.get(
    '/user/:userId',
    {
      ...auth,
      schema: {
        tags,
        params: petOwnerParams,
        querystring: petListQuery,
        response: { 200: petListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      result: await listPets(app, currentUser(request), request.params.userId, request.query),
    }),
  );

  app.delete(
    '/:petId',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Remove one of my pets (past bookings keep it; refused while it is booked)',
        params: petIdParams,
        response: {
          200: petRemovedResponse,
          404: errorBody.describe('No pet of yours with that id (or it is already removed)'),
          409: errorBody.describe('The pet is on a booking that is not over yet'),
        },
      },
    },
    async (request) => {
      await removePet(app, currentUser(request), request.params.petId);
      return { success: true as const, message: 'Pet removed' };
    },
  );

  await app.register(withUploads(petFormRoutes));

  app.get(
    '/:petId/image',
    { ...auth, onSend: photoCacheHeaders, schema: { tags, params: petIdParams } },
    async (request, reply) =>
      sendPetImage(app, request, reply, currentUser(request), request.params.petId),
  );
};
