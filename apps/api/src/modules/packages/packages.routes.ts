import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createPackageBody,
  errorBody,
  idParams,
  packageListResponse,
  packageResponse,
  updatePackageBody,
} from '@pawsy/contract';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './packages.service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['packages'];

/** Packages (prefix /packages): listed publicly (secret key only), managed by admins. */
export const packagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: app.requireAdmin };

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Active packages, cheapest first (public)',
        response: { 200: packageListResponse, ...errors },
      },
    },
    async () => ({ success: true as const, data: await service.listActivePackages(app) }),
  );

  app.get(
    '/all',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Every package, inactive ones too (admins)',
        response: { 200: packageListResponse, ...errors },
      },
    },
    async () => ({ success: true as const, data: await service.listAllPackages(app) }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'An active package (public)',
        params: idParams,
        response: { 200: packageResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getActivePackage(app, request.params.id),
    }),
  );

  app.post(
    '/',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Create a package (admins)',
        body: createPackageBody,
        response: { 201: packageResponse, ...errors, 409: errorBody },
      },
    },
    async (request, reply) => {
      const data = await service.createPackage(app, currentUser(request), request.body);
      return reply.status(201).send({ success: true as const, message: 'Package created', data });
    },
  );

  app.put(
    '/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Update a package (admins)',
        params: idParams,
        body: updatePackageBody,
        response: { 200: packageResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Package updated',
      data: await service.updatePackage(app, currentUser(request), request.params.id, request.body),
    }),
  );
};
