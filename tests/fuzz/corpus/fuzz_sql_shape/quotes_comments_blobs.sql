SELECT "we'ird", [t 1].`a`""b FROM "t 1" WHERE name = 'it''s' AND n=-12.5e3 AND h = 0x1F -- trailing note
  /* block */ AND b = X'00ff' AND id = ?1 AND k = :key;
