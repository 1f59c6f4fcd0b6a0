CREATE TABLE "diamond_packages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "diamond_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"diamonds" integer NOT NULL,
	"bonus_diamonds" integer DEFAULT 0 NOT NULL,
	"price" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "diamond_packages_diamonds_check" CHECK ("diamond_packages"."diamonds" > 0),
	CONSTRAINT "diamond_packages_bonus_check" CHECK ("diamond_packages"."bonus_diamonds" >= 0),
	CONSTRAINT "diamond_packages_price_check" CHECK ("diamond_packages"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" integer,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"title" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"diamonds" integer DEFAULT 0 NOT NULL,
	"bonus_diamonds" integer DEFAULT 0 NOT NULL,
	"vip_tier" text,
	"vip_days" integer DEFAULT 0 NOT NULL,
	"pay_type" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"state" text NOT NULL,
	"paid_late" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"paid_at" timestamp (3) with time zone,
	"closed_at" timestamp (3) with time zone,
	"checked_at" timestamp (3) with time zone,
	CONSTRAINT "payment_orders_kind_check" CHECK ("payment_orders"."kind" in ('diamonds', 'vip')),
	CONSTRAINT "payment_orders_state_check" CHECK ("payment_orders"."state" in ('pending', 'paid', 'failed', 'expired', 'refunded')),
	CONSTRAINT "payment_orders_amount_check" CHECK ("payment_orders"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"checkout_id" text PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"subject" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"settled_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "vip_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vip_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tier" text NOT NULL,
	"days" integer NOT NULL,
	"price" integer NOT NULL,
	"original_price" integer,
	"perks" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "vip_cards_tier_check" CHECK ("vip_cards"."tier" in ('normal', 'supreme', 'dark')),
	CONSTRAINT "vip_cards_days_check" CHECK ("vip_cards"."days" > 0),
	CONSTRAINT "vip_cards_price_check" CHECK ("vip_cards"."price" > 0),
	CONSTRAINT "vip_cards_original_price_check" CHECK ("vip_cards"."original_price" is null or "vip_cards"."original_price" > "vip_cards"."price")
);
--> statement-breakpoint
CREATE TABLE "vip_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vip_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"tier" text NOT NULL,
	"days" integer NOT NULL,
	"expire_before" timestamp with time zone,
	"expire_after" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"order_id" integer,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "vip_ledger_tier_check" CHECK ("vip_ledger"."tier" in ('normal', 'supreme', 'dark')),
	CONSTRAINT "vip_ledger_days_check" CHECK ("vip_ledger"."days" <> 0)
);
--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_ledger" ADD CONSTRAINT "vip_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_ledger" ADD CONSTRAINT "vip_ledger_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_order_id_idx" ON "payment_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_order_no_key" ON "payment_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "payment_orders_user_id_idx" ON "payment_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "payment_orders_state_created_idx" ON "payment_orders" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payments_order_no_key" ON "sandbox_payments" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "vip_ledger_user_id_idx" ON "vip_ledger" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_ledger_order_reason_key" ON "vip_ledger" USING btree ("order_id","reason") WHERE "vip_ledger"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_ledger_order_reason_key" ON "wallet_ledger" USING btree ("ref_id","reason") WHERE "wallet_ledger"."ref_type" = 'order';