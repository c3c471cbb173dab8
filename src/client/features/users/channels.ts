/**
 * The `notification_channels` the profile's notification form saves (POST /v1/user/update). Push
 * is each device's own switch (DevicePush), never a box of the form, so the form always keeps
 * it: it used to send `in_app|email`, and from then on push skipped the person while their
 * device's switch still said on (issue 41). A person without devices gets no push anyway.
 */
export const channelsToSave = (inApp: boolean, byEmail: boolean) =>
  [inApp && 'in_app', byEmail && 'email', 'push'].filter(Boolean).join('|')
