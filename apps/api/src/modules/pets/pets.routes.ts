import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { petIdParams, petListResponse, petOwnerParams, petResponse } from '@pawsy/contract';
import { currentUser } from '../../plugins/auth.ts';
import { withUploads } from '../../plugins/uploads.ts';
import { photoCacheHeaders } from '../../lib/images.ts';
import { createPet, listPets, sendPetImage, updatePet } from './pets.service.ts';

const tags = ['pets'];

/** Adding and editing a pet: multipart forms (fields and an optional photo). */
const petFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.requireAuth };

  app.post(
    '/',
    {
      ...auth,
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: petResponse } },
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
      schema: {
        tags,
        params: petIdParams,
        consumes: ['multipart/form-data'],
        response: { 200: petResponse },
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
    { ...auth, schema: { tags, params: petOwnerParams, response: { 200: petListResponse } } },
    async (request) => ({
      success: true as const,
      result: await listPets(app, currentUser(request), request.params.userId),
    }),
  );

  await app.register(withUploads(petFormRoutes));

  app.get(
    '/:petId/image',
    { ...auth, onSend: photoCacheHeaders, schema: { tags, params: petIdParams } },
    async (request, reply) =>
      sendPetImage(app, request, reply, currentUser(request), request.params.petId),
  );
};
