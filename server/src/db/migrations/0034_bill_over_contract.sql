ALTER TABLE "fin_bills" ADD COLUMN "over_contract_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "fin_bills" ADD COLUMN "over_contract_by" integer;