CREATE TABLE "search_words" (
	"organisation_id" uuid NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_words_organisation_id_word_pk" PRIMARY KEY("organisation_id","word")
);
--> statement-breakpoint
ALTER TABLE "search_words" ADD CONSTRAINT "search_words_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);