INSERT INTO log(msg) VALUES ('unterminated string
; SELECT [open bracket
/* unterminated comment