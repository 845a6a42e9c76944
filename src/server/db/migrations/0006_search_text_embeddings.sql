CREATE TABLE "file_text_chunks" (
	"file_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"page_number" integer NOT NULL,
	"text" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, text), 'C')) STORED NOT NULL,
	CONSTRAINT "file_text_chunks_file_id_position_pk" PRIMARY KEY("file_id","position")
);
--> statement-breakpoint
CREATE TABLE "file_texts" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"page_count" integer,
	"char_count" integer DEFAULT 0 NOT NULL,
	"is_truncated" boolean DEFAULT false NOT NULL,
	"extracted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_embeddings" (
	"organisation_id" uuid NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"model" text NOT NULL,
	"content_hash" text NOT NULL,
	"embedding" real[] NOT NULL,
	"signature" bit varying NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_embeddings_source_type_source_id_position_pk" PRIMARY KEY("source_type","source_id","position")
);
--> statement-breakpoint
ALTER TABLE "file_text_chunks" ADD CONSTRAINT "file_text_chunks_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_texts" ADD CONSTRAINT "file_texts_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_texts" ADD CONSTRAINT "file_texts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_embeddings" ADD CONSTRAINT "search_embeddings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_text_chunks_search_idx" ON "file_text_chunks" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_embeddings_org_model_idx" ON "search_embeddings" USING btree ("organisation_id","model","source_type");