import { SERVICES } from '@pawsy/contract';

/** The services Pawsy offers; `value` is what travels in primery_services / primary_services. */
export const SERVICE_OPTIONS = SERVICES.map(({ value, label }) => ({ value, label }));
