CREATE TABLE "user_search_pieces" (
	"piece" text NOT NULL,
	"user_id" integer NOT NULL,
	"real_name" varchar(64) NOT NULL,
	"enabled" boolean NOT NULL,
	CONSTRAINT "user_search_pieces_user_id_piece_pk" PRIMARY KEY("user_id","piece")
);
--> statement-breakpoint
DROP INDEX "users_search_tokens_idx";--> statement-breakpoint
CREATE INDEX "user_search_pieces_order_idx" ON "user_search_pieces" USING btree ("piece","enabled","real_name","user_id");--> statement-breakpoint
CREATE INDEX "users_real_name_idx" ON "users" USING btree ("real_name","id");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "search_tokens";--> statement-breakpoint
-- The person search's pieces follow every write to users, whoever makes it (services, imports, the
-- generator): text_search_tokens (migration 0001) cuts the distinct pieces. Inserts and deletes are handled
-- per statement (a bulk load is one INSERT … SELECT), updates per row and only when a searched
-- column or the enabled flag changes.
CREATE OR REPLACE FUNCTION user_search_pieces_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_search_pieces (piece, user_id, real_name, enabled)
  SELECT p.piece, a.id, a.real_name, a.enabled
  FROM added a, unnest(text_search_tokens(a.real_name, a.user_code, a.name_pinyin, a.phone)) AS p(piece);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_search_pieces_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_search_pieces WHERE user_id = OLD.id;
  INSERT INTO user_search_pieces (piece, user_id, real_name, enabled)
  SELECT p.piece, NEW.id, NEW.real_name, NEW.enabled
  FROM unnest(text_search_tokens(NEW.real_name, NEW.user_code, NEW.name_pinyin, NEW.phone)) AS p(piece);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_search_pieces_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_search_pieces s USING removed r WHERE s.user_id = r.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_search_pieces_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE user_search_pieces;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_search_pieces_insert AFTER INSERT ON users REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION user_search_pieces_insert();--> statement-breakpoint
CREATE TRIGGER users_search_pieces_update AFTER UPDATE OF real_name, user_code, name_pinyin, phone, enabled, id ON users FOR EACH ROW
  WHEN ((OLD.real_name, OLD.user_code, OLD.name_pinyin, OLD.phone, OLD.enabled, OLD.id) IS DISTINCT FROM (NEW.real_name, NEW.user_code, NEW.name_pinyin, NEW.phone, NEW.enabled, NEW.id))
  EXECUTE FUNCTION user_search_pieces_update();--> statement-breakpoint
CREATE TRIGGER users_search_pieces_delete AFTER DELETE ON users REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION user_search_pieces_delete();--> statement-breakpoint
CREATE TRIGGER users_search_pieces_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION user_search_pieces_truncate();--> statement-breakpoint
INSERT INTO user_search_pieces (piece, user_id, real_name, enabled)
SELECT p.piece, u.id, u.real_name, u.enabled
FROM users u, unnest(text_search_tokens(u.real_name, u.user_code, u.name_pinyin, u.phone)) AS p(piece);--> statement-breakpoint
-- Keywords are looked up as one piece now (or by the trigram indexes from three characters on).
DROP FUNCTION IF EXISTS keyword_search_tokens(text);
