// The visitor's cookie and tracking choice (issue 8 §5), what both sides need of it. The choice
// itself lives in the browser (localStorage, client/features/site/consent/consent.ts); a cookie
// says only that a choice of this version was made, so the server renders the banner open for
// whoever has not chosen (it is then painted with the page, not after the scripts: issue 21 §5,
// the banner's text was the phone's largest paint).

export const CONSENT_COOKIE = 'calma_consent'
export const CONSENT_VERSION = 1
