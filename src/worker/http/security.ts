import { NONCE, secureHeaders } from 'hono/secure-headers'

/**
 * Security headers on every Worker response (issue: foundation §4). The CSP gives each
 * request a fresh nonce (c.var.secureHeadersNonce) that the server render puts on its
 * scripts, so no other inline script can run. Turnstile is the one outside script we load.
 */
const VENDOR_SCRIPTS = ['https://www.googletagmanager.com', 'https://connect.facebook.net']
const VENDOR_BEACONS = ['https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googleadservices.com', 'https://googleads.g.doubleclick.net', 'https://www.google.com', 'https://www.facebook.com']

export const security = (dev: boolean) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // The vendors' hosts are allowed here but only ever asked after consent (features/site/consent).
      scriptSrc: ["'self'", NONCE, 'https://challenges.cloudflare.com', ...VENDOR_SCRIPTS],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Post covers chosen through Unsplash (admin "picture from Unsplash") are linked, not copied.
      imgSrc: ["'self'", 'data:', 'blob:', 'https://images.unsplash.com', ...VENDOR_BEACONS],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: dev ? ["'self'", 'ws:', 'wss:', ...VENDOR_BEACONS] : ["'self'", 'wss:', ...VENDOR_BEACONS],
      frameSrc: ['https://challenges.cloudflare.com'],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
    },
    strictTransportSecurity: 'max-age=63072000; includeSubDomains; preload',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  })
