-- Search (issue 6 §3, docs/API.md "Search"): full-text indexes of routes, posts and symptoms.
-- Written by hand (drizzle-kit generate --custom): virtual tables, views and triggers stay out of
-- the drizzle schema. 'unicode61 remove_diacritics 2' folds case and accents in both languages
-- (ANSIEDÁD = ansiedad, estres = estrés). Each FTS table keeps its own copy of the text, rowid =
-- the row's id, so a trigger can always delete a document by rowid and insert it again from the
-- current rows: every write, including admin writes added later, keeps the index in step.
-- One statement per breakpoint; a trigger is one statement (wrangler splits on BEGIN ... END).
CREATE VIRTUAL TABLE `routes_fts` USING fts5(title, tag, symptoms, description, units, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE VIRTUAL TABLE `posts_fts` USING fts5(title, tags, description, content, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE VIRTUAL TABLE `symptoms_fts` USING fts5(title, slug, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
-- What a route is found by: its words, its symptoms' names and its visible units' titles.
CREATE VIEW `routes_search_doc` AS
SELECT r.id, r.title, r.tag,
  (SELECT group_concat(s.title, ' ') FROM route_symptoms rs JOIN symptoms s ON s.id = rs.symptom_id WHERE rs.route_id = r.id) AS symptoms,
  r.description,
  (SELECT group_concat(u.title, ' ') FROM units u WHERE u.route_id = r.id AND u.status = 1) AS units
FROM routes r;
--> statement-breakpoint
-- A post's body is HTML: the tags the editor writes are blanked so that 'p', 'h2' or 'strong'
-- are not words of every post (other markup stays; it only adds rare noise words).
CREATE VIEW `posts_search_doc` AS
SELECT p.id, p.title,
  nullif(trim(coalesce(p.tag, '') || ' ' || coalesce(p.tags, '')), '') AS tags,
  p.description,
  replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
    p.content,
    '<p>', ' '), '</p>', ' '), '<h2>', ' '), '</h2>', ' '), '<h3>', ' '), '</h3>', ' '), '<ul>', ' '), '</ul>', ' '), '<ol>', ' '), '</ol>', ' '),
    '<li>', ' '), '</li>', ' '), '<strong>', ' '), '</strong>', ' '), '<em>', ' '), '</em>', ' '), '<br>', ' '), '<br />', ' '), '&nbsp;', ' '), '&amp;', ' & ') AS content
FROM posts p;
--> statement-breakpoint
-- Routes
CREATE TRIGGER `routes_fts_insert` AFTER INSERT ON `routes` BEGIN
  DELETE FROM routes_fts WHERE rowid = NEW.id;
  INSERT INTO routes_fts (rowid, title, tag, symptoms, description, units)
    SELECT id, title, tag, symptoms, description, units FROM routes_search_doc WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `routes_fts_update` AFTER UPDATE OF id, title, tag, description ON `routes` BEGIN
  DELETE FROM routes_fts WHERE rowid IN (OLD.id, NEW.id);
  INSERT INTO routes_fts (rowid, title, tag, symptoms, description, units)
    SELECT id, title, tag, symptoms, description, units FROM routes_search_doc WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `routes_fts_delete` AFTER DELETE ON `routes` BEGIN
  DELETE FROM routes_fts WHERE rowid = OLD.id;
END;
--> statement-breakpoint
-- A route's symptoms: linking, unlinking, moving a link
CREATE TRIGGER `route_symptoms_fts_insert` AFTER INSERT ON `route_symptoms` BEGIN
  DELETE FROM routes_fts WHERE rowid = NEW.route_id;
  INSERT INTO routes_fts (rowid, title, tag, symptoms, description, units)
    SELECT id, title, tag, symptoms, description, units FROM routes_search_doc WHERE id = NEW.route_id;
END;
--> statement-breakpoint
CREATE TRIGGER `route_symptoms_fts_update` AFTER UPDATE OF route_id, symptom_id ON `route_symptoms` BEGIN
  DELETE FROM routes_fts WHERE rowid IN (OLD.route_id, NEW.route_id);
  INSERT INTO routes_fts (rowid, title, tag, symptoms, description, units)
    SELECT id, title, tag, symptoms, description, units FROM routes_search_doc WHERE id IN (OLD.route_id, NEW.route_id);
END;
--> statement-breakpoint
CREATE TRIGGER `route_symptoms_fts_delete` AFTER DELETE ON `route_symptoms` BEGIN
  DELETE FROM routes_fts WHERE rowid = OLD.route_id;
  INSERT INTO routes_fts (rowid, title, tag, symptoms, description, units)
    SELECT id, title, tag, symptoms, description, units FROM routes_search_doc WHERE id = OLD.route_id;
END;
--> statement-breakpoint
-- A route's units (visible ones are searched: a status change counts)
CREATE TRIGGER `units_fts_insert` AFTER INSERT ON `units` BEGIN
  DELETE FROM routes_fts WHERE rowid = NEW.route_id;
  INSERT INTO routes_fts (rowid, title, tag, symptoms, description, units)
    SELECT id, title, tag, symptoms, description, units FROM routes_search_doc WHERE id = NEW.route_id;
END;
--> statement-breakpoint
CREATE TRIGGER `units_fts_update` AFTER UPDATE OF route_id, title, status ON `units` BEGIN
  DELETE FROM routes_fts WHERE rowid IN (OLD.route_id, NEW.route_id);
  INSERT INTO routes_fts (rowid, title, tag, symptoms, description, units)
    SELECT id, title, tag, symptoms, description, units FROM routes_search_doc WHERE id IN (OLD.route_id, NEW.route_id);
END;
--> statement-breakpoint
CREATE TRIGGER `units_fts_delete` AFTER DELETE ON `units` BEGIN
  DELETE FROM routes_fts WHERE rowid = OLD.route_id;
  INSERT INTO routes_fts (rowid, title, tag, symptoms, description, units)
    SELECT id, title, tag, symptoms, description, units FROM routes_search_doc WHERE id = OLD.route_id;
END;
--> statement-breakpoint
-- Symptoms: their own index, and the routes that carry their name
CREATE TRIGGER `symptoms_fts_insert` AFTER INSERT ON `symptoms` BEGIN
  DELETE FROM symptoms_fts WHERE rowid = NEW.id;
  INSERT INTO symptoms_fts (rowid, title, slug) VALUES (NEW.id, NEW.title, NEW.slug);
END;
--> statement-breakpoint
CREATE TRIGGER `symptoms_fts_update` AFTER UPDATE OF id, title, slug ON `symptoms` BEGIN
  DELETE FROM symptoms_fts WHERE rowid IN (OLD.id, NEW.id);
  INSERT INTO symptoms_fts (rowid, title, slug) VALUES (NEW.id, NEW.title, NEW.slug);
  DELETE FROM routes_fts WHERE rowid IN (SELECT route_id FROM route_symptoms WHERE symptom_id IN (OLD.id, NEW.id));
  INSERT INTO routes_fts (rowid, title, tag, symptoms, description, units)
    SELECT id, title, tag, symptoms, description, units FROM routes_search_doc
    WHERE id IN (SELECT route_id FROM route_symptoms WHERE symptom_id IN (OLD.id, NEW.id));
END;
--> statement-breakpoint
-- The links go by ON DELETE CASCADE (whose triggers refresh the routes); this also covers links
-- left behind were foreign keys ever off.
CREATE TRIGGER `symptoms_fts_delete` AFTER DELETE ON `symptoms` BEGIN
  DELETE FROM symptoms_fts WHERE rowid = OLD.id;
  DELETE FROM routes_fts WHERE rowid IN (SELECT route_id FROM route_symptoms WHERE symptom_id = OLD.id);
  INSERT INTO routes_fts (rowid, title, tag, symptoms, description, units)
    SELECT id, title, tag, symptoms, description, units FROM routes_search_doc
    WHERE id IN (SELECT route_id FROM route_symptoms WHERE symptom_id = OLD.id);
END;
--> statement-breakpoint
-- Posts
CREATE TRIGGER `posts_fts_insert` AFTER INSERT ON `posts` BEGIN
  DELETE FROM posts_fts WHERE rowid = NEW.id;
  INSERT INTO posts_fts (rowid, title, tags, description, content)
    SELECT id, title, tags, description, content FROM posts_search_doc WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_update` AFTER UPDATE OF id, title, tag, tags, description, content ON `posts` BEGIN
  DELETE FROM posts_fts WHERE rowid IN (OLD.id, NEW.id);
  INSERT INTO posts_fts (rowid, title, tags, description, content)
    SELECT id, title, tags, description, content FROM posts_search_doc WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_delete` AFTER DELETE ON `posts` BEGIN
  DELETE FROM posts_fts WHERE rowid = OLD.id;
END;
--> statement-breakpoint
-- The rows that exist already
INSERT INTO routes_fts (rowid, title, tag, symptoms, description, units)
  SELECT id, title, tag, symptoms, description, units FROM routes_search_doc;
--> statement-breakpoint
INSERT INTO posts_fts (rowid, title, tags, description, content)
  SELECT id, title, tags, description, content FROM posts_search_doc;
--> statement-breakpoint
INSERT INTO symptoms_fts (rowid, title, slug) SELECT id, title, slug FROM symptoms;
