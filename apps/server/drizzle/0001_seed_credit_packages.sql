-- The spec's marketing price table (DESIGN.md section 7): one catalog for every page and charge.
INSERT INTO "credit_packages" ("id", "description", "credits", "amount_cents", "currency", "popular", "sort_order") VALUES
  ('credits_1', '1 Vehicle Report Credit', 1, 800, 'usd', false, 1),
  ('credits_3', '3 Vehicle Report Credits', 3, 1500, 'usd', false, 2),
  ('credits_5', '5 Vehicle Report Credits', 5, 2400, 'usd', false, 3),
  ('credits_10', '10 Vehicle Report Credits', 10, 4500, 'usd', true, 4),
  ('credits_25', '25 Vehicle Report Credits', 25, 9500, 'usd', false, 5),
  ('credits_100', '100 Vehicle Report Credits', 100, 35000, 'usd', false, 6);
