-- Bench data (issue 6 "Speed"): 10,000 routes with 3 units each and 10,000 posts of about 400
-- words, half in each language, generated inside SQLite (recursive CTEs) so the file stays small.
-- The FTS5 triggers index every row as it is inserted, as an editor's save would.
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
INSERT INTO routes (language, slug, title, description, status, is_public, is_active, "order", tag)
SELECT CASE i % 2 WHEN 0 THEN 'es' ELSE 'en' END,
       'bench-route-' || i,
       CASE i % 2 WHEN 0 THEN 'Ruta ' || i || ' para ' || (CASE i % 5 WHEN 0 THEN 'la ansiedad' WHEN 1 THEN 'dormir mejor' WHEN 2 THEN 'el estrés' WHEN 3 THEN 'la tristeza' ELSE 'pensar menos' END)
                         ELSE 'Route ' || i || ' for ' || (CASE i % 5 WHEN 0 THEN 'anxiety' WHEN 1 THEN 'better sleep' WHEN 2 THEN 'stress' WHEN 3 THEN 'low mood' ELSE 'overthinking' END) END,
       CASE i % 2 WHEN 0 THEN 'Ejercicios breves de respiración y atención para acompañarte cuando lo necesites. Variante ' || i
                         ELSE 'Short breathing and attention exercises to keep you company when you need it. Variant ' || i END,
       1, 1, 1, 1000 + i, 'bench'
FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3)
INSERT INTO units (route_id, "order", status, title, description, kind, duration_seconds)
SELECT r.id, n.i, 1, 'Unidad ' || n.i || ' de ' || r.title, 'Un audio breve.', 'audio', 180
FROM routes r, n WHERE r.tag = 'bench';
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000),
  words(w) AS (SELECT 'respira despacio y nota cómo el aire entra y sale de tu cuerpo mientras los pensamientos pasan como nubes que no necesitas seguir ')
INSERT INTO posts (language, slug, title, description, content, status, tag, time_for_reading, published_at, "index")
SELECT CASE i % 2 WHEN 0 THEN 'es' ELSE 'en' END,
       'bench-post-' || i,
       CASE i % 2 WHEN 0 THEN 'Artículo ' || i || ' sobre ' || (CASE i % 4 WHEN 0 THEN 'ansiedad' WHEN 1 THEN 'sueño' WHEN 2 THEN 'estrés' ELSE 'ánimo' END)
                         ELSE 'Article ' || i || ' about ' || (CASE i % 4 WHEN 0 THEN 'anxiety' WHEN 1 THEN 'sleep' WHEN 2 THEN 'stress' ELSE 'mood' END) END,
       'Un artículo de prueba para medir la velocidad con muchos datos.',
       '<h2>Primera parte</h2><p>' || (SELECT w FROM words) || (SELECT w FROM words) || (SELECT w FROM words) || (SELECT w FROM words) || (SELECT w FROM words) ||
       '</p><h2>Segunda parte</h2><p>' || (SELECT w FROM words) || (SELECT w FROM words) || (SELECT w FROM words) || (SELECT w FROM words) || (SELECT w FROM words) || '</p>',
       1, 'bench', 2, (unixepoch() - 86400 - i) * 1000, 1
FROM n;
