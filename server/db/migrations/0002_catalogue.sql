CREATE TABLE "actors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "actors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"avatar" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_clicks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_clicks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ad_id" integer NOT NULL,
	"user_id" integer,
	"clicked_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"cover_width" integer DEFAULT 0 NOT NULL,
	"cover_height" integer DEFAULT 0 NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "collections_price_check" CHECK ("collections"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "search_counts" (
	"keyword" text PRIMARY KEY NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	CONSTRAINT "tags_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "topics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"on_home" boolean DEFAULT false NOT NULL,
	"home_style" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "topics_home_style_check" CHECK ("topics"."home_style" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "video_actors" (
	"actor_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	CONSTRAINT "video_actors_actor_id_video_id_pk" PRIMARY KEY("actor_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "video_tags" (
	"tag_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	CONSTRAINT "video_tags_tag_id_video_id_pk" PRIMARY KEY("tag_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "video_topics" (
	"topic_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	CONSTRAINT "video_topics_topic_id_video_id_pk" PRIMARY KEY("topic_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "videos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"content_type" smallint NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"cover_width" integer DEFAULT 0 NOT NULL,
	"cover_height" integer DEFAULT 0 NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"play_count" bigint DEFAULT 0 NOT NULL,
	"like_count" bigint DEFAULT 0 NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"vip" smallint DEFAULT 0 NOT NULL,
	"collection_id" integer,
	"published_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "videos_content_type_check" CHECK ("videos"."content_type" in (1, 2)),
	CONSTRAINT "videos_vip_check" CHECK ("videos"."vip" between 0 and 3),
	CONSTRAINT "videos_price_check" CHECK ("videos"."price" >= 0),
	CONSTRAINT "videos_counts_check" CHECK ("videos"."play_count" >= 0 and "videos"."like_count" >= 0 and "videos"."duration" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ad_clicks" ADD CONSTRAINT "ad_clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_actors" ADD CONSTRAINT "video_actors_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_actors" ADD CONSTRAINT "video_actors_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_tags" ADD CONSTRAINT "video_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_tags" ADD CONSTRAINT "video_tags_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_topics" ADD CONSTRAINT "video_topics_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_topics" ADD CONSTRAINT "video_topics_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_clicks_ad_id_clicked_at_idx" ON "ad_clicks" USING btree ("ad_id","clicked_at");--> statement-breakpoint
CREATE INDEX "search_counts_count_idx" ON "search_counts" USING btree ("count","keyword");--> statement-breakpoint
CREATE INDEX "topics_on_home_sort_idx" ON "topics" USING btree ("on_home","sort","id");--> statement-breakpoint
CREATE INDEX "video_actors_video_id_idx" ON "video_actors" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "video_tags_video_id_idx" ON "video_tags" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "video_topics_video_id_idx" ON "video_topics" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "videos_published_idx" ON "videos" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "videos_play_count_idx" ON "videos" USING btree ("play_count","id");--> statement-breakpoint
CREATE INDEX "videos_type_like_count_idx" ON "videos" USING btree ("content_type","like_count","id");--> statement-breakpoint
CREATE INDEX "videos_collection_published_idx" ON "videos" USING btree ("collection_id","published_at","id");