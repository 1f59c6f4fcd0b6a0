CREATE TABLE "counted_plays" (
	"user_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"counted_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "counted_plays_user_id_video_id_pk" PRIMARY KEY("user_id","video_id")
);
--> statement-breakpoint
ALTER TABLE "counted_plays" ADD CONSTRAINT "counted_plays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counted_plays" ADD CONSTRAINT "counted_plays_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;