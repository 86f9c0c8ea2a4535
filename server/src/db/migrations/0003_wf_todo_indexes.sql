-- The to-do list and badge read "my open tasks" in two indexed parts: personal tasks in arrival order
-- (a page is the first rows of a backward index scan) and group tasks by candidate; the GIN index over
-- every pending task (which also served personal tasks, then needed a sort) is replaced.
DROP INDEX "wf_tasks_open_candidates_idx";--> statement-breakpoint
CREATE INDEX "wf_tasks_todo_idx" ON "wf_tasks" USING btree ("assignee_user_id","created_at","id") WHERE "wf_tasks"."status" = 'pending' AND "wf_tasks"."kind" IN ('approve', 'resubmit');--> statement-breakpoint
CREATE INDEX "wf_tasks_group_candidates_idx" ON "wf_tasks" USING gin ("candidate_user_ids") WHERE "wf_tasks"."status" = 'pending' AND "wf_tasks"."assignee_user_id" IS NULL;