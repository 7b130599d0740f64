import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingContactResponse,
  bookingDetailResponse,
  bookingEventParams,
  bookingListQuery,
  bookingListResponse,
  bookingResponse,
  createBookingBody,
  idParams,
  myRequestsQuery,
  myRequestsResponse,
  providerBookingsQuery,
  quoteBody,
  quoteResponse,
  requestsResponse,
  sendRequestBody,
  sendRequestResponse,
} from '@pawsy/contract';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.ts';
import {
  getBookingDetail,
  listBookingsForCaller,
  listOwnBookings,
  listProviderBookings,
} from './booking-lists.service.ts';
import { getBookingContact } from './booking-contact.service.ts';
import { listBookingRequests, sendRequest } from './booking-requests.service.ts';
import { sendEventImage } from './booking-status.service.ts';
import { acceptRoute } from './accept.route.ts';
import { withUploads } from '../../plugins/uploads.ts';
import { listMyRequests, withdrawMyRequest } from './my-requests.service.ts';
import { createBooking, quoteBooking } from './bookings.service.ts';
import { registerBookingPayments } from './booking-payments.service.ts';
import { hasMetThroughBooking } from './booking-parties.repository.ts';
import { readBookingAcquaintanceWith } from '../sitters/index.ts';
import { registerSeriesRoutes } from './booking-series.routes.ts';
import { errorsReachingGateway } from '../../lib/route-errors.ts';

const errors = errorsReachingGateway;
const tags = ['bookings'];

/** Bookings (prefix /booking): SPEC §7's eight calls plus the price quote, check-in photos,
 * a sitter's own requests, withdrawing an application and the parties' contact details. */
export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.requireAuth };
  registerBookingPayments(app);
  // An owner's card is shown to the sitters they met through a booking (sitters never imports bookings).
  readBookingAcquaintanceWith(hasMetThroughBooking);
  registerSeriesRoutes(app);

  app.post(
    '/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Create a booking (pet owner)',
        body: createBookingBody,
        response: { 201: bookingResponse, ...errors },
      },
    },
    async (request, reply) => {
      const data = await createBooking(app, currentUser(request), request.body);
      return reply.status(201).send({ success: true as const, message: 'Booking created', data });
    },
  );

  app.post(
    '/quote',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Price quote for a sitter, service and dates',
        body: quoteBody,
        response: { 200: quoteResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await quoteBooking(app, currentUser(request), request.body),
    }),
  );

  app.get(
    '/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Bookings the caller may act on',
        querystring: bookingListQuery,
        response: { 200: bookingListResponse, ...errors },
      },
    },
    async (request) => listBookingsForCaller(app, currentUser(request), request.query),
  );

  app.get(
    '/user',
    {
      ...auth,
      schema: {
        tags,
        summary: "The caller's bookings as owner, newest first",
        querystring: bookingListQuery,
        response: { 200: bookingListResponse, ...errors },
      },
    },
    async (request) => listOwnBookings(app, currentUser(request), request.query),
  );

  app.get(
    '/provider/in-progress',
    {
      ...auth,
      schema: {
        tags,
        summary: "The calling sitter's bookings in one status (default in-progress)",
        querystring: providerBookingsQuery,
        response: { 200: bookingListResponse, ...errors },
      },
    },
    async (request) => listProviderBookings(app, currentUser(request), request.query),
  );

  // Before the '/:id' routes: a static segment that must not be read as a booking id.
  app.get(
    '/requests/mine',
    {
      ...auth,
      schema: {
        tags,
        summary: "The calling sitter's requests (applications and invitations), newest first",
        querystring: myRequestsQuery,
        response: { 200: myRequestsResponse, ...errors },
      },
    },
    async (request) => listMyRequests(app, currentUser(request), request.query),
  );

  app.get(
    '/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'A booking with its reviews',
        params: idParams,
        response: { 200: bookingDetailResponse, ...errors },
      },
    },
    async (request) => getBookingDetail(app, currentUser(request), request.params.id),
  );

  app.post(
    '/:id/send-request',
    {
      ...auth,
      schema: {
        tags,
        summary: 'A sitter applies to an open booking, or the owner invites a sitter',
        params: idParams,
        body: sendRequestBody,
        response: { 201: sendRequestResponse, ...errors },
      },
    },
    async (request, reply) => {
      const data = await sendRequest(app, currentUser(request), request.params.id, request.body);
      return reply.status(201).send({ success: true as const, message: 'Request sent', data });
    },
  );

  app.delete(
    '/:id/send-request',
    {
      ...auth,
      schema: {
        tags,
        summary: 'A sitter withdraws their own pending application (the request is kept)',
        params: idParams,
        response: { 200: sendRequestResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Request withdrawn',
      data: await withdrawMyRequest(app, currentUser(request), request.params.id),
    }),
  );

  app.get(
    '/:id/requests',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Requests on a booking',
        params: idParams,
        response: { 200: requestsResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      providers: await listBookingRequests(app, currentUser(request), request.params.id),
    }),
  );

  app.get(
    '/:id/contact',
    {
      ...auth,
      schema: {
        tags,
        summary:
          "The other party's phone and address (the two parties, while accepted or in progress)",
        params: idParams,
        response: { 200: bookingContactResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getBookingContact(app, currentUser(request), request.params.id),
    }),
  );

  app.get(
    '/:id/events/:eventId/image',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Photo of a check-in (parties and admins)',
        params: bookingEventParams,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) =>
      sendEventImage(app, reply, currentUser(request), request.params.id, request.params.eventId),
  );

  await app.register(withUploads(acceptRoute));
};
