import { NONCE, secureHeaders } from 'hono/secure-headers'

/**
 * Security headers on every Worker response (issue: foundation §4). The CSP gives each
 * request a fresh nonce (c.var.secureHeadersNonce) that the server render puts on its
 * scripts, so no other inline script can run.
 *
 * Scripts (issue 20 §4): 'strict-dynamic' — only the page's nonced scripts run, and what they
 * load themselves (the lazy chunks; Turnstile; after consent, the vendors' tags of
 * features/site/consent/vendors.ts). No host is trusted by name, so a script tag in a page's
 * markup that is not the renderer's own never runs, whatever host it names: no analytics or ad
 * host is ever in script-src, before or after consent. 'self' and Turnstile's host only speak to
 * browsers without 'strict-dynamic' (CSP 2), which ignore it; those get no vendor tag at all.
 */
const VENDOR_BEACONS = [
  'https://www.google-analytics.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://www.googleadservices.com',
  'https://googleads.g.doubleclick.net',
  'https://www.google.com',
  'https://www.facebook.com',
]

export const security = (dev: boolean) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: [NONCE, "'strict-dynamic'", "'self'", 'https://challenges.cloudflare.com'],
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
