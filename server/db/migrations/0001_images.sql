CREATE TABLE "images" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"scheme" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer,
	"height" integer,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "images_kind_check" CHECK (kind in ('cover', 'ad', 'icon', 'avatar', 'upload')),
	CONSTRAINT "images_scheme_check" CHECK (scheme in ('marker', 'head', 'offset')),
	CONSTRAINT "images_byte_size_check" CHECK ("images"."byte_size" = octet_length("images"."bytes"))
);
