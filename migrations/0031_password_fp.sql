ALTER TABLE `users` ADD `password_fp` text;--> statement-breakpoint
-- Decision 089: password_fp is a copy of a fingerprint of password_hash (a session's `fp`), which a
-- write may hold its caller to in its own SQL. A copy that outlived its password would let a
-- session ended by a password change write again, so any change of password_hash by a statement
-- that did not also give the new fingerprint clears it (it is filled again when the person is next
-- confirmed, identity/caller.ts).
CREATE TRIGGER `users_password_fp_cleared` AFTER UPDATE OF `password_hash` ON `users`
WHEN NEW.`password_hash` IS NOT OLD.`password_hash` AND NEW.`password_fp` IS OLD.`password_fp`
BEGIN
  UPDATE `users` SET `password_fp` = NULL WHERE `id` = NEW.`id`;
END;
