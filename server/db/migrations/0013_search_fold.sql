-- Search folds text the same way on every backend and in JavaScript (normalizeKeyword):
-- NFKC, then A–Z to a–z only, then NFKC again (a lowered letter may compose with a following
-- mark, H + U+0331 to ẖ), so folding twice gives the same text. lower() follows the database's
-- locale beyond ASCII, which PGlite and PostgreSQL do not share (server/modules/search/README.md).
-- BEGIN ATOMIC bodies bind their functions when created, so the generated columns still compute
-- under pg_restore's empty search_path; they are inlined like quoted bodies.
CREATE FUNCTION search_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
  SELECT normalize(translate(normalize(value, NFKC), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), NFKC);
END;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_grams(value text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
  SELECT chars || ARRAY(SELECT a || b FROM unnest(chars[:cardinality(chars) - 1], chars[2:]) pairs(a, b))
  FROM (SELECT string_to_array(search_fold(value), NULL) AS chars) split;
END;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_query_grams(keyword text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
  SELECT coalesce(array_agg(DISTINCT substr(folded, i, least(length(folded), 2))), '{}')
  FROM (SELECT search_fold(keyword) AS folded) v, generate_series(1, greatest(length(folded) - 1, 1)) i;
END;
--> statement-breakpoint
-- The stored grams of rows whose text folds otherwise than lower() did. Updating a generated
-- column's source recomputes it.
UPDATE "users" SET "nickname" = "nickname" WHERE "search_grams" <> search_grams("nickname");
--> statement-breakpoint
UPDATE "posts" SET "content" = "content" WHERE "search_grams" <> search_grams("content");
--> statement-breakpoint
UPDATE "videos" SET "search_grams" = video_search_grams("id", "title") WHERE "search_grams" <> video_search_grams("id", "title");
--> statement-breakpoint
DROP INDEX "videos_title_lower_idx";--> statement-breakpoint
CREATE INDEX "videos_title_fold_idx" ON "videos" USING btree (search_fold("title"));
