-- The vocabulary misspellings are corrected against (search_words): the words of every searchable
-- text, added by statement-level triggers so that a bulk import pays once per statement, not per row.
CREATE FUNCTION search_words_of(body text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT lexeme FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, body))) AS lexemes(lexeme)
  WHERE lexeme ~ '^[[:alpha:]][[:alnum:]]{2,39}$'
$$;
--> statement-breakpoint
CREATE FUNCTION search_words_from_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (organisation_id, word)
  SELECT DISTINCT n.organisation_id, word FROM new_rows n CROSS JOIN LATERAL search_words_of(n.title || ' ' || n.explanation || ' ' || coalesce((SELECT string_agg(entry, ' ') FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(n.list_entries) = 'array' THEN n.list_entries ELSE '[]'::jsonb END) AS entries(entry)), '')) AS words(word)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER items_search_words_insert AFTER INSERT ON items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_items();
--> statement-breakpoint
CREATE TRIGGER items_search_words_update AFTER UPDATE ON items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_items();
--> statement-breakpoint
CREATE FUNCTION search_words_from_files() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (organisation_id, word)
  SELECT DISTINCT n.organisation_id, word FROM new_rows n CROSS JOIN LATERAL search_words_of(n.title || ' ' || regexp_replace(n.original_name, '[^[:alnum:]]+', ' ', 'g')) AS words(word)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER files_search_words_insert AFTER INSERT ON files REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_files();
--> statement-breakpoint
CREATE TRIGGER files_search_words_update AFTER UPDATE ON files REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_files();
--> statement-breakpoint
CREATE FUNCTION search_words_from_file_text_chunks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (organisation_id, word)
  SELECT DISTINCT f.organisation_id, word FROM new_rows n JOIN files f ON f.id = n.file_id CROSS JOIN LATERAL search_words_of(n.text) AS words(word)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER file_text_chunks_search_words_insert AFTER INSERT ON file_text_chunks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_file_text_chunks();
--> statement-breakpoint
CREATE FUNCTION search_words_from_topics() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (organisation_id, word)
  SELECT DISTINCT n.organisation_id, word FROM new_rows n CROSS JOIN LATERAL search_words_of(n.subject) AS words(word)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER topics_search_words_insert AFTER INSERT ON topics REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_topics();
--> statement-breakpoint
CREATE TRIGGER topics_search_words_update AFTER UPDATE ON topics REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_topics();
--> statement-breakpoint
CREATE FUNCTION search_words_from_topic_updates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (organisation_id, word)
  SELECT DISTINCT n.organisation_id, word FROM new_rows n CROSS JOIN LATERAL search_words_of(n.message) AS words(word)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER topic_updates_search_words_insert AFTER INSERT ON topic_updates REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_topic_updates();
--> statement-breakpoint
CREATE TRIGGER topic_updates_search_words_update AFTER UPDATE ON topic_updates REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_topic_updates();
--> statement-breakpoint
CREATE FUNCTION search_words_from_knowledge_base() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (organisation_id, word)
  SELECT DISTINCT n.organisation_id, word FROM new_rows n CROSS JOIN LATERAL search_words_of(n.question || ' ' || n.answer || ' ' || n.comment) AS words(word)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER knowledge_base_entries_search_words_insert AFTER INSERT ON knowledge_base_entries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_knowledge_base();
--> statement-breakpoint
CREATE TRIGGER knowledge_base_entries_search_words_update AFTER UPDATE ON knowledge_base_entries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_knowledge_base();
--> statement-breakpoint
-- Text written before this migration.
INSERT INTO search_words (organisation_id, word) SELECT DISTINCT n.organisation_id, word FROM items n CROSS JOIN LATERAL search_words_of(n.title || ' ' || n.explanation || ' ' || coalesce((SELECT string_agg(entry, ' ') FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(n.list_entries) = 'array' THEN n.list_entries ELSE '[]'::jsonb END) AS entries(entry)), '')) AS words(word) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO search_words (organisation_id, word) SELECT DISTINCT n.organisation_id, word FROM files n CROSS JOIN LATERAL search_words_of(n.title || ' ' || regexp_replace(n.original_name, '[^[:alnum:]]+', ' ', 'g')) AS words(word) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO search_words (organisation_id, word) SELECT DISTINCT f.organisation_id, word FROM file_text_chunks n JOIN files f ON f.id = n.file_id CROSS JOIN LATERAL search_words_of(n.text) AS words(word) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO search_words (organisation_id, word) SELECT DISTINCT n.organisation_id, word FROM topics n CROSS JOIN LATERAL search_words_of(n.subject) AS words(word) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO search_words (organisation_id, word) SELECT DISTINCT n.organisation_id, word FROM topic_updates n CROSS JOIN LATERAL search_words_of(n.message) AS words(word) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO search_words (organisation_id, word) SELECT DISTINCT n.organisation_id, word FROM knowledge_base_entries n CROSS JOIN LATERAL search_words_of(n.question || ' ' || n.answer || ' ' || n.comment) AS words(word) ON CONFLICT DO NOTHING;
