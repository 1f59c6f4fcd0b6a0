-- Substring search on an index (server/modules/search/README.md): every lowercased character
-- and character pair of a text (repeats kept: GIN stores each key once), for a GIN index; a
-- keyword's pairs (its one character when it has one) must all be there, and an exact
-- comparison then rechecks the few candidates.
CREATE FUNCTION search_grams(value text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT chars || ARRAY(SELECT a || b FROM unnest(chars[:cardinality(chars) - 1], chars[2:]) pairs(a, b))
  FROM (SELECT string_to_array(lower(value), NULL) AS chars) split
$$;
--> statement-breakpoint
CREATE FUNCTION search_query_grams(keyword text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(lowered, i, least(length(lowered), 2))), '{}')
  FROM (SELECT lower(keyword) AS lowered) v, generate_series(1, greatest(length(lowered) - 1, 1)) i
$$;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_grams" text[] GENERATED ALWAYS AS (search_grams(nickname)) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "search_grams" text[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_grams" text[] GENERATED ALWAYS AS (search_grams(content)) STORED NOT NULL;
--> statement-breakpoint
-- A video is found by its title, its tags' names and its actors' names: a generated column
-- cannot read other tables, so triggers keep videos.search_grams.
CREATE FUNCTION video_search_grams(video_id integer, title text) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT search_grams(concat_ws(chr(10), title,
    (SELECT string_agg(t.name, chr(10) ORDER BY t.id) FROM video_tags vt JOIN tags t ON t.id = vt.tag_id WHERE vt.video_id = $1),
    (SELECT string_agg(a.name, chr(10) ORDER BY a.id) FROM video_actors va JOIN actors a ON a.id = va.actor_id WHERE va.video_id = $1)))
$$;
--> statement-breakpoint
CREATE FUNCTION videos_set_search_grams() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_grams := video_search_grams(NEW.id, NEW.title);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER videos_search_grams BEFORE INSERT OR UPDATE OF title ON videos
  FOR EACH ROW EXECUTE FUNCTION videos_set_search_grams();
--> statement-breakpoint
CREATE FUNCTION video_links_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE videos v SET search_grams = video_search_grams(v.id, v.title) WHERE v.id IN (SELECT video_id FROM new_links);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE videos v SET search_grams = video_search_grams(v.id, v.title) WHERE v.id IN (SELECT video_id FROM old_links);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER video_tags_added AFTER INSERT ON video_tags REFERENCING NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION video_links_changed();
--> statement-breakpoint
CREATE TRIGGER video_tags_removed AFTER DELETE ON video_tags REFERENCING OLD TABLE AS old_links
  FOR EACH STATEMENT EXECUTE FUNCTION video_links_changed();
--> statement-breakpoint
CREATE TRIGGER video_tags_moved AFTER UPDATE ON video_tags REFERENCING OLD TABLE AS old_links NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION video_links_changed();
--> statement-breakpoint
CREATE TRIGGER video_actors_added AFTER INSERT ON video_actors REFERENCING NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION video_links_changed();
--> statement-breakpoint
CREATE TRIGGER video_actors_removed AFTER DELETE ON video_actors REFERENCING OLD TABLE AS old_links
  FOR EACH STATEMENT EXECUTE FUNCTION video_links_changed();
--> statement-breakpoint
CREATE TRIGGER video_actors_moved AFTER UPDATE ON video_actors REFERENCING OLD TABLE AS old_links NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION video_links_changed();
--> statement-breakpoint
CREATE FUNCTION tag_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE videos v SET search_grams = video_search_grams(v.id, v.title)
  WHERE v.id IN (SELECT video_id FROM video_tags WHERE tag_id = NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tags_renamed AFTER UPDATE OF name ON tags
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION tag_renamed();
--> statement-breakpoint
CREATE FUNCTION actor_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE videos v SET search_grams = video_search_grams(v.id, v.title)
  WHERE v.id IN (SELECT video_id FROM video_actors WHERE actor_id = NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER actors_renamed AFTER UPDATE OF name ON actors
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION actor_renamed();
--> statement-breakpoint
UPDATE videos SET search_grams = video_search_grams(id, title);
--> statement-breakpoint
CREATE INDEX "users_search_grams_idx" ON "users" USING gin ("search_grams");
--> statement-breakpoint
CREATE INDEX "videos_search_grams_idx" ON "videos" USING gin ("search_grams");
--> statement-breakpoint
CREATE INDEX "videos_title_lower_idx" ON "videos" USING btree (lower("title"));
--> statement-breakpoint
CREATE INDEX "posts_search_grams_idx" ON "posts" USING gin ("search_grams");
