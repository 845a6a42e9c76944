CREATE TABLE "cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"title" text,
	"display_text" text,
	"placeholder" text,
	"icon_asset_id" uuid,
	"position" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"card_kind" text NOT NULL,
	"catalogue_key" text,
	"title" text NOT NULL,
	"enabled_state" text DEFAULT 'NotEnabled' NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	"href" text,
	"list_entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"item_type" text,
	"maturity" text,
	"recurrence" text,
	"auditor" text,
	"expires_on" date,
	"is_public" boolean DEFAULT true NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"custom_url_slug" text,
	"position" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone,
	"modified_by_staff_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "permission_profile_items" (
	"permission_profile_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	CONSTRAINT "permission_profile_items_permission_profile_id_item_id_pk" PRIMARY KEY("permission_profile_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "plan_features" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "section_order" jsonb;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_modified_by_staff_user_id_staff_users_id_fk" FOREIGN KEY ("modified_by_staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_profile_items" ADD CONSTRAINT "permission_profile_items_permission_profile_id_permission_profiles_id_fk" FOREIGN KEY ("permission_profile_id") REFERENCES "public"."permission_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_profile_items" ADD CONSTRAINT "permission_profile_items_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cards_product_kind_unique" ON "cards" USING btree ("product_id","kind");--> statement-breakpoint
CREATE INDEX "items_product_card_idx" ON "items" USING btree ("product_id","card_kind");--> statement-breakpoint
CREATE UNIQUE INDEX "items_product_catalogue_key_unique" ON "items" USING btree ("product_id","catalogue_key") WHERE "items"."catalogue_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "items_organisation_slug_unique" ON "items" USING btree ("organisation_id","custom_url_slug") WHERE "items"."custom_url_slug" is not null;