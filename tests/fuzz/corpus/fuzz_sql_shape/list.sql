-- a .sql list
SELECT count(*) FROM t WHERE a = x'';
SELECT t.* FROM t ORDER BY .5, 1e, 3.;
WITH c AS (SELECT 1) SELECT * FROM c WHERE $v = @w;
