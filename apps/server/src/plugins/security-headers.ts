import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers for the API and the SPA alike. The CSP fits a Vite build: scripts only from
 * our origin, inline styles allowed (React style props), images also from data: and blob: URLs.
 * Written out in full instead of on top of helmet's defaults, whose upgrade-insecure-requests
 * would break a plain-HTTP deployment on a LAN address.
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          mediaSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      frameguard: { action: 'deny' },
    });
  },
  { name: 'security-headers' },
);
