CREATE TABLE "recruit_talent_words" (
	"word" text NOT NULL,
	"talent_id" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"city" varchar(32),
	"education" varchar(8),
	"years" integer,
	"expected_salary" bigint,
	"source" varchar(8),
	"org_id" integer,
	"owner_user_id" integer,
	CONSTRAINT "recruit_talent_words_talent_id_word_pk" PRIMARY KEY("talent_id","word")
);
--> statement-breakpoint
ALTER TABLE "recruit_candidates" ADD COLUMN "reached_stage" varchar(8);--> statement-breakpoint
ALTER TABLE "recruit_stage_events" ADD COLUMN "left_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "recruit_candidates_created_idx" ON "recruit_candidates" USING btree ("created_at");--> statement-breakpoint
-- Hand-written (issue 15, speed): the talent pool's words and the funnel's stored stage facts.
-- recruit_talent_words follows every write to recruit_talents, whoever makes it: the words are the
-- lexemes of the jieba-segmented search document itself (tsvector_to_array), so they are exactly what
-- the GIN index matches. Inserts and deletes per statement (the generator loads 2,000 talents an
-- INSERT), updates per row and only when the document, the sort key or a filtered column changes.
CREATE OR REPLACE FUNCTION recruit_talent_words_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO recruit_talent_words (word, talent_id, updated_at, city, education, years, expected_salary, source, org_id, owner_user_id)
  SELECT w.word, a.id, a.updated_at, a.city, a.education, a.years, a.expected_salary, a.source, a.org_id, a.owner_user_id
  FROM added a, unnest(tsvector_to_array(a.search_doc)) AS w(word)
  WHERE a.deleted_at IS NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION recruit_talent_words_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM recruit_talent_words WHERE talent_id = OLD.id;
  IF NEW.deleted_at IS NULL THEN
    INSERT INTO recruit_talent_words (word, talent_id, updated_at, city, education, years, expected_salary, source, org_id, owner_user_id)
    SELECT w.word, NEW.id, NEW.updated_at, NEW.city, NEW.education, NEW.years, NEW.expected_salary, NEW.source, NEW.org_id, NEW.owner_user_id
    FROM unnest(tsvector_to_array(NEW.search_doc)) AS w(word);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION recruit_talent_words_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM recruit_talent_words w USING removed r WHERE w.talent_id = r.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION recruit_talent_words_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE recruit_talent_words;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER recruit_talents_words_insert AFTER INSERT ON recruit_talents REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION recruit_talent_words_insert();--> statement-breakpoint
CREATE TRIGGER recruit_talents_words_update AFTER UPDATE ON recruit_talents FOR EACH ROW
  WHEN ((OLD.search_doc, OLD.updated_at, OLD.deleted_at, OLD.city, OLD.education, OLD.years, OLD.expected_salary, OLD.source, OLD.org_id, OLD.owner_user_id, OLD.id)
        IS DISTINCT FROM (NEW.search_doc, NEW.updated_at, NEW.deleted_at, NEW.city, NEW.education, NEW.years, NEW.expected_salary, NEW.source, NEW.org_id, NEW.owner_user_id, NEW.id))
  EXECUTE FUNCTION recruit_talent_words_update();--> statement-breakpoint
CREATE TRIGGER recruit_talents_words_delete AFTER DELETE ON recruit_talents REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION recruit_talent_words_delete();--> statement-breakpoint
CREATE TRIGGER recruit_talents_words_truncate AFTER TRUNCATE ON recruit_talents FOR EACH STATEMENT EXECUTE FUNCTION recruit_talent_words_truncate();--> statement-breakpoint
-- Backfill, then the order index (built once over the loaded rows rather than row by row).
INSERT INTO recruit_talent_words (word, talent_id, updated_at, city, education, years, expected_salary, source, org_id, owner_user_id)
SELECT w.word, t.id, t.updated_at, t.city, t.education, t.years, t.expected_salary, t.source, t.org_id, t.owner_user_id
FROM recruit_talents t, unnest(tsvector_to_array(t.search_doc)) AS w(word)
WHERE t.deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "recruit_talent_words_order_idx" ON "recruit_talent_words" USING btree ("word","updated_at","talent_id","city","education","years","expected_salary","source","org_id","owner_user_id");--> statement-breakpoint
-- The funnel reads the furthest stage from the candidate and the time spent in a stage from the event
-- (left_at: the at of the candidate's next event by (at, id), what lead() over its events gives), so
-- a year's funnel is a grouped count over candidates and medians over events, with no walk of the
-- stage history per candidate. Events are only ever inserted; the trigger recomputes left_at over the
-- touched candidates' events (a bulk load may insert them in any order) and raises reached_stage.
CREATE OR REPLACE FUNCTION recruit_stage_events_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE recruit_stage_events e SET left_at = x.next
  FROM (SELECT s.id, lead(s.at) OVER (PARTITION BY s.candidate_id ORDER BY s.at, s.id) AS next
        FROM recruit_stage_events s WHERE s.candidate_id IN (SELECT candidate_id FROM added)) x
  WHERE e.id = x.id AND e.left_at IS DISTINCT FROM x.next;
  UPDATE recruit_candidates c SET reached_stage = x.reached
  FROM (SELECT candidate_id, max(to_stage) AS reached FROM added WHERE to_stage < '090' GROUP BY candidate_id) x
  WHERE c.id = x.candidate_id AND (c.reached_stage IS NULL OR c.reached_stage < x.reached);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER recruit_stage_events_follow AFTER INSERT ON recruit_stage_events REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION recruit_stage_events_follow();--> statement-breakpoint
UPDATE recruit_stage_events e SET left_at = x.next
FROM (SELECT id, lead(at) OVER (PARTITION BY candidate_id ORDER BY at, id) AS next FROM recruit_stage_events) x
WHERE e.id = x.id AND x.next IS NOT NULL;--> statement-breakpoint
UPDATE recruit_candidates c SET reached_stage = x.reached
FROM (SELECT candidate_id, max(to_stage) AS reached FROM recruit_stage_events WHERE to_stage < '090' GROUP BY candidate_id) x
WHERE c.id = x.candidate_id;
