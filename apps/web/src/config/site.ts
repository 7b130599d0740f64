export const SITE_NAME = 'Pawsy';
export const SUPPORT_EMAIL = 'support@pawsy.app';
