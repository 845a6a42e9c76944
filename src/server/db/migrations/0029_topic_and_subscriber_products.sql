ALTER TABLE "subscribers" ADD COLUMN "products" jsonb;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;