-- Pieces for the person search (dimQueryUser): every distinct 1- and 2-character substring of the
-- lower-cased texts. A keyword of one character must be one of the pieces; a longer one must have all
-- its 2-character pieces among them. That is necessary for an ILIKE match, so the GIN index narrows
-- the rows and the ILIKE still decides. lower() is what ILIKE compares with, so both agree on case.
CREATE OR REPLACE FUNCTION text_search_tokens(VARIADIC parts text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(p, i, n)), '{}')
  FROM unnest(parts) AS u(raw), lower(u.raw) AS p, generate_series(1, 2) AS n, generate_series(1, char_length(p) - n + 1) AS i
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION keyword_search_tokens(keyword text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN char_length(keyword) < 2 THEN ARRAY[lower(keyword)]
    ELSE ARRAY(SELECT DISTINCT substr(lower(keyword), i, 2) FROM generate_series(1, char_length(keyword) - 1) AS i) END
$$;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_tokens" text[] GENERATED ALWAYS AS (text_search_tokens(real_name, user_code, name_pinyin, phone)) STORED;--> statement-breakpoint
CREATE INDEX "users_search_tokens_idx" ON "users" USING gin ("search_tokens");