/** Public surface of the contact area. */
export { contactRoutes } from './contact.routes.ts';
export { submitContactMessage, CONTACT_SENT_MESSAGE } from './contact.service.ts';
