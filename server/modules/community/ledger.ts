/** Ledger reasons of a post's purchase, both with ref_type `post`: the buyer's debit and the author's credit. */
export const PostLedgerReason = { Purchase: 'post', CreatorShare: 'creator-share' } as const
