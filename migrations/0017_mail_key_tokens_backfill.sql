-- Every mail already in the outbox gets its own random key token (issue 32 §5, decision 040):
-- Idempotency-Keys are made from it, not from the row id, so another database on the same Resend
-- team (staging, a preview, this one restored by Time Travel) never derives the same key. A mail
-- already tried keeps the batch key it was tried under (a retry must send the same mails under
-- the same key); only its next new key comes from the token.
UPDATE `email_outbox` SET `key_token` = lower(hex(randomblob(16))) WHERE `key_token` IS NULL;
