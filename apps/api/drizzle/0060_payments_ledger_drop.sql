DROP TABLE "carrier_payments" CASCADE;--> statement-breakpoint
DROP TABLE "invoice_payments" CASCADE;