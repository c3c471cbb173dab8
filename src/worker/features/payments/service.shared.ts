// What the payments services share: the contract's money is in dollars (cents stay inside).
export const dollars = (cents: number) => Math.round(cents) / 100
