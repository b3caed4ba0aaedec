ALTER TABLE "order_documents" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "order_documents" ADD COLUMN "invoice_issue_date" date;--> statement-breakpoint
ALTER TABLE "order_documents" ADD COLUMN "invoice_gross_amount" bigint;