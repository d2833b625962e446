import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * Public therapist directory, self-booking and staff confirmation of booking
 * requests. Public calls are rate limited at `publicRateLimit` a minute.
 */
export const bookingModule: FastifyPluginAsyncZod<{ publicRateLimit: number }> = async () => {};
