ALTER TABLE "pay_city_rates" ADD COLUMN "employer_pension_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_city_rates" ADD COLUMN "employer_medical_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_city_rates" ADD COLUMN "employer_unemployment_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_city_rates" ADD COLUMN "employer_injury_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_city_rates" ADD COLUMN "employer_maternity_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_city_rates" ADD COLUMN "employer_housing_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_runs" ADD COLUMN "employer_contribution_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_slips" ADD COLUMN "employer_social_insurance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_slips" ADD COLUMN "employer_housing_fund" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Rates kept before the employer's part existed: what the rules fix everywhere — pension 16 %
-- (国办发〔2019〕13号) and the housing fund at the employee's rate; medical, unemployment, work
-- injury and maternity differ by city and industry and stay 0 until finance sets them.
UPDATE "pay_city_rates" SET "employer_pension_bp" = 1600, "employer_housing_bp" = "housing_bp";
