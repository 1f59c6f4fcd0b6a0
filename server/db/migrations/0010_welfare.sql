CREATE TABLE "invite_codes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	CONSTRAINT "invite_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"invitee_id" integer PRIMARY KEY NOT NULL,
	"inviter_id" integer NOT NULL,
	"source" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"share_percent" integer NOT NULL,
	"registered_at" timestamp (3) with time zone,
	"register_points" integer
);
--> statement-breakpoint
CREATE TABLE "message_reads" (
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"last_read_id" bigint NOT NULL,
	CONSTRAINT "message_reads_user_id_type_pk" PRIMARY KEY("user_id","type")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"ref_type" text,
	"ref_id" integer,
	"actor_id" integer,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faq_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "faq_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"keywords" jsonb NOT NULL,
	"suggested" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"content" text NOT NULL,
	"image_keys" jsonb NOT NULL,
	"contact" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"replied_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "point_levels" (
	"level" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"min_points" integer NOT NULL,
	"perks" jsonb NOT NULL,
	CONSTRAINT "point_levels_min_points_unique" UNIQUE("min_points")
);
--> statement-breakpoint
CREATE TABLE "points_balances" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"balance" bigint NOT NULL,
	"lifetime" bigint NOT NULL,
	CONSTRAINT "points_balances_check" CHECK ("points_balances"."balance" >= 0 and "points_balances"."lifetime" >= "points_balances"."balance")
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"reason" text NOT NULL,
	"ref_type" text,
	"ref_id" integer,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "points_ledger_amount_check" CHECK ("points_ledger"."amount" <> 0),
	CONSTRAINT "points_ledger_balance_after_check" CHECK ("points_ledger"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "redeem_code_uses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "redeem_code_uses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redeem_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "redeem_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code_hash" text NOT NULL,
	"hint" text NOT NULL,
	"reward_kind" text NOT NULL,
	"reward_amount" integer NOT NULL,
	"reward_tier" text,
	"max_uses" integer DEFAULT 1 NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"batch" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "redeem_codes_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "redeem_codes_uses_check" CHECK ("redeem_codes"."uses" >= 0 and "redeem_codes"."uses" <= "redeem_codes"."max_uses"),
	CONSTRAINT "redeem_codes_reward_check" CHECK ("redeem_codes"."reward_amount" > 0 and (
    ("redeem_codes"."reward_kind" in ('points', 'diamonds') and "redeem_codes"."reward_tier" is null) or
    ("redeem_codes"."reward_kind" = 'vip' and "redeem_codes"."reward_tier" in ('normal', 'supreme', 'dark'))))
);
--> statement-breakpoint
CREATE TABLE "redeem_exchanges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "redeem_exchanges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"title" text NOT NULL,
	"reward_kind" text NOT NULL,
	"reward_amount" integer NOT NULL,
	"reward_tier" text,
	"price" integer NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "redeem_exchanges_reward_check" CHECK ("redeem_exchanges"."reward_amount" > 0 and (
    ("redeem_exchanges"."reward_kind" in ('points', 'diamonds') and "redeem_exchanges"."reward_tier" is null) or
    ("redeem_exchanges"."reward_kind" = 'vip' and "redeem_exchanges"."reward_tier" in ('normal', 'supreme', 'dark'))))
);
--> statement-breakpoint
CREATE TABLE "redeem_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "redeem_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"reward_kind" text NOT NULL,
	"reward_amount" integer NOT NULL,
	"reward_tier" text,
	"price" integer NOT NULL,
	"stock" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "redeem_items_price_check" CHECK ("redeem_items"."price" > 0),
	CONSTRAINT "redeem_items_stock_check" CHECK ("redeem_items"."stock" is null or "redeem_items"."stock" >= 0),
	CONSTRAINT "redeem_items_reward_check" CHECK ("redeem_items"."reward_amount" > 0 and (
    ("redeem_items"."reward_kind" in ('points', 'diamonds') and "redeem_items"."reward_tier" is null) or
    ("redeem_items"."reward_kind" = 'vip' and "redeem_items"."reward_tier" in ('normal', 'supreme', 'dark'))))
);
--> statement-breakpoint
CREATE TABLE "task_claims" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"period" text NOT NULL,
	"streak" integer DEFAULT 0 NOT NULL,
	"reward_kind" text NOT NULL,
	"reward_amount" integer NOT NULL,
	"reward_tier" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "task_claims_reward_check" CHECK ("task_claims"."reward_amount" > 0 and (
    ("task_claims"."reward_kind" in ('points', 'diamonds') and "task_claims"."reward_tier" is null) or
    ("task_claims"."reward_kind" = 'vip' and "task_claims"."reward_tier" in ('normal', 'supreme', 'dark'))))
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"period" text NOT NULL,
	"goal" integer NOT NULL,
	"reward_kind" text NOT NULL,
	"reward_amount" integer NOT NULL,
	"reward_tier" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "tasks_kind_unique" UNIQUE("kind"),
	CONSTRAINT "tasks_period_check" CHECK ("tasks"."period" in ('daily', 'once')),
	CONSTRAINT "tasks_reward_check" CHECK ("tasks"."reward_amount" > 0 and (
    ("tasks"."reward_kind" in ('points', 'diamonds') and "tasks"."reward_tier" is null) or
    ("tasks"."reward_kind" = 'vip' and "tasks"."reward_tier" in ('normal', 'supreme', 'dark'))))
);
--> statement-breakpoint
ALTER TABLE "invite_codes" ADD CONSTRAINT "invite_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_balances" ADD CONSTRAINT "points_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_code_uses" ADD CONSTRAINT "redeem_code_uses_code_id_redeem_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."redeem_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_code_uses" ADD CONSTRAINT "redeem_code_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_exchanges" ADD CONSTRAINT "redeem_exchanges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_exchanges" ADD CONSTRAINT "redeem_exchanges_item_id_redeem_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."redeem_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_claims" ADD CONSTRAINT "task_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_claims" ADD CONSTRAINT "task_claims_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invites_inviter_created_idx" ON "invites" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE INDEX "invites_ip_created_idx" ON "invites" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "messages_user_type_id_idx" ON "messages" USING btree ("user_id","type","id");--> statement-breakpoint
CREATE INDEX "messages_broadcast_id_idx" ON "messages" USING btree ("type","id") WHERE "messages"."user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_like_once_key" ON "messages" USING btree ("user_id","ref_type","ref_id","actor_id") WHERE "messages"."type" = 'like';--> statement-breakpoint
CREATE INDEX "feedback_user_id_idx" ON "feedback" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "feedback_replied_idx" ON "feedback" USING btree ("replied_at","id");--> statement-breakpoint
CREATE INDEX "points_ledger_user_id_idx" ON "points_ledger" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_ref_reason_key" ON "points_ledger" USING btree ("ref_type","ref_id","reason") WHERE "points_ledger"."ref_type" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "redeem_code_uses_code_user_key" ON "redeem_code_uses" USING btree ("code_id","user_id");--> statement-breakpoint
CREATE INDEX "redeem_code_uses_user_id_idx" ON "redeem_code_uses" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "redeem_exchanges_user_id_idx" ON "redeem_exchanges" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_claims_user_task_period_key" ON "task_claims" USING btree ("user_id","task_id","period");