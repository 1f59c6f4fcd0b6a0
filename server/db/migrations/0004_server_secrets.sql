CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" "bytea" NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "server_secrets_value_check" CHECK (octet_length("server_secrets"."value") >= 32)
);
