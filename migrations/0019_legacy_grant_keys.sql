-- Backfill (issue 32 §2). Plan payments recorded before 0010 have no grant key and no plan: a refund
-- of one gave the money back and took no credits, and could be approved again. Their first grant was
-- written in the same batch, at the same instant, with the reference sub:<subscription>:<period
-- start>:0 (its payment_key backfilled by 0010): joined on the person and that instant, each payment
-- gets that grant's key, and the plan named in it.
UPDATE `transactions` SET `grant_key` = (
  SELECT l.`payment_key` FROM `credit_ledger` l
  WHERE l.`user_id` = `transactions`.`user_id` AND l.`reason` = 'subscription_grant'
    AND l.`created_at` = `transactions`.`created_at` AND l.`reference` LIKE 'sub:%:0' AND l.`payment_key` IS NOT NULL
  ORDER BY l.`id` LIMIT 1)
WHERE `kind` = 'subscription' AND `grant_key` IS NULL AND `user_id` IS NOT NULL;--> statement-breakpoint
UPDATE `transactions` SET `stripe_subscription_id` = substr(`grant_key`, 5, instr(substr(`grant_key`, 5), ':') - 1)
WHERE `kind` = 'subscription' AND `stripe_subscription_id` IS NULL AND `grant_key` LIKE 'sub:%:%';--> statement-breakpoint
-- What each payment buys in all (docs/API.md "The catalogue"; a yearly plan: twelve months of $180).
UPDATE `transactions` SET `credit_cents` = CASE `item`
  WHEN 'credits_1' THEN 4500 WHEN 'credits_2' THEN 9000 WHEN 'credits_4' THEN 18000
  WHEN 'monthly' THEN 18000 WHEN 'yearly' THEN 216000 END
WHERE `credit_cents` IS NULL;
