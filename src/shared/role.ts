// SPEC §6's roles, on their own so a page that only compares a role (the profile) does not bring
// every enum (decision 069); enums.ts re-exports them.

/** NOT bit flags: influencer is 9 (= publisher|patient if read as bits). Compare with ===. */
export const Role = {
  patient: 1,
  psychologist: 2,
  admin: 4,
  publisher: 8,
  influencer: 9,
  coach: 16,
  another: 32,
} as const
export type Role = (typeof Role)[keyof typeof Role]
