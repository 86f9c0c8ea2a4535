-- The statement-level update trigger of 0018 joined the whole OLD and NEW transition tables of every
-- UPDATE of employees to find the rows whose account or code changed: a set-based update of many
-- employees (the generator's, an import's) spent minutes in that join for a change that touches no
-- search piece. A row trigger that fires only when the account or code changes costs nothing
-- otherwise: its WHEN is evaluated before any function is called.
DROP TRIGGER IF EXISTS employees_search_pieces_upd ON employees;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION employee_search_pieces_rekey() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM employee_search_pieces WHERE employee_id = OLD.id;
  INSERT INTO employee_search_pieces (piece, employee_id, employee_code)
  SELECT u.piece, NEW.id, NEW.employee_code FROM user_search_pieces u WHERE u.user_id = NEW.user_id
  ON CONFLICT (employee_id, piece) DO UPDATE SET employee_code = EXCLUDED.employee_code;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER employees_search_pieces_upd AFTER UPDATE OF id, user_id, employee_code ON employees
FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.employee_code IS DISTINCT FROM NEW.employee_code)
EXECUTE FUNCTION employee_search_pieces_rekey();
