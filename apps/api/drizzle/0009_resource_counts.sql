CREATE TABLE "resource_counts" (
	"client_id" uuid NOT NULL,
	"res_type" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "resource_counts_client_id_res_type_pk" PRIMARY KEY("client_id","res_type")
);
--> statement-breakpoint
ALTER TABLE "resource_counts" ADD CONSTRAINT "resource_counts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;