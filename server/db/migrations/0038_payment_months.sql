-- What was paid in each month, per currency, counted in the statement that changes payments
-- (one aggregate over the statement's rows, so an import pays once; two writers of one month
-- serialize on its row): the dashboard's year of revenue reads twelve rows a currency instead
-- of every payment of the year (decision 800). A month nothing is paid in any more is removed.
CREATE TABLE "payment_months" (
	"month" date NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"payments" integer NOT NULL,
	CONSTRAINT "payment_months_month_currency_pk" PRIMARY KEY("month","currency")
);
--> statement-breakpoint
CREATE INDEX "proposals_sent_at_idx" ON "proposals" USING btree ("sent_at");
--> statement-breakpoint
CREATE FUNCTION frontier_payment_months_counted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO payment_months (month, currency, amount, payments)
    SELECT date_trunc('month', paid_on::timestamp)::date, currency, sum(amount), count(*)
    FROM new_rows GROUP BY 1, 2
    ON CONFLICT (month, currency) DO UPDATE SET
      amount = payment_months.amount + excluded.amount,
      payments = payment_months.payments + excluded.payments;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE payment_months SET amount = payment_months.amount - gone.amount,
      payments = payment_months.payments - gone.payments
    FROM (
      SELECT date_trunc('month', paid_on::timestamp)::date AS month, currency,
        sum(amount) AS amount, count(*) AS payments
      FROM old_rows GROUP BY 1, 2
    ) AS gone
    WHERE payment_months.month = gone.month AND payment_months.currency = gone.currency;
  ELSE
    INSERT INTO payment_months (month, currency, amount, payments)
    SELECT month, currency, sum(amount), sum(payments) FROM (
      SELECT date_trunc('month', paid_on::timestamp)::date AS month, currency,
        -amount::bigint AS amount, -1 AS payments FROM old_rows
      UNION ALL
      SELECT date_trunc('month', paid_on::timestamp)::date, currency, amount::bigint, 1 FROM new_rows
    ) AS changes GROUP BY month, currency HAVING sum(amount) <> 0 OR sum(payments) <> 0
    ON CONFLICT (month, currency) DO UPDATE SET
      amount = payment_months.amount + excluded.amount,
      payments = payment_months.payments + excluded.payments;
  END IF;
  DELETE FROM payment_months WHERE payments <= 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER payments_months_inserted AFTER INSERT ON payments
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION frontier_payment_months_counted();
--> statement-breakpoint
CREATE TRIGGER payments_months_updated AFTER UPDATE ON payments
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION frontier_payment_months_counted();
--> statement-breakpoint
CREATE TRIGGER payments_months_deleted AFTER DELETE ON payments
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION frontier_payment_months_counted();
--> statement-breakpoint
INSERT INTO payment_months (month, currency, amount, payments)
SELECT date_trunc('month', paid_on::timestamp)::date, currency, sum(amount), count(*)
FROM payments GROUP BY 1, 2;
