CREATE TABLE "secret_key_checks" (
	"id" integer PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL
);
