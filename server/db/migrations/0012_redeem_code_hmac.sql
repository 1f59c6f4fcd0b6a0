-- Redeem codes are stored as an HMAC under server_secrets.redeem_code, with nothing of their text
-- (server/modules/welfare/README.md, "Redeem codes"). The rows already here hold an unkeyed
-- SHA-256 and 4 characters in the clear; their codes are unknown, so they cannot be rehashed:
-- they stay redeemable as hash_version 1 (found by their SHA-256), lose their characters (the
-- update writes every row afresh before the column goes) and take the new batch shape,
-- 20261126-1f2e3d4c (Asia/Shanghai is UTC+8 all year). New rows always state their version.
ALTER TABLE "redeem_codes" ADD COLUMN "hash_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "redeem_codes" ALTER COLUMN "hash_version" DROP DEFAULT;--> statement-breakpoint
UPDATE "redeem_codes" SET "hint" = '', "batch" = CASE WHEN "batch" LIKE '% %'
  THEN to_char(("created_at" AT TIME ZONE 'UTC') + interval '8 hours', 'YYYYMMDD') || '-' || split_part("batch", ' ', 2)
  ELSE "batch" END;--> statement-breakpoint
ALTER TABLE "redeem_codes" DROP COLUMN "hint";--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_hash_version_check" CHECK ("redeem_codes"."hash_version" in (1, 2));
