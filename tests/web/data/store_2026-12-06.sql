-- A store made by main at ed7e330 (2026-12-06), before the store had migrations:
-- two finished rooms (Tacocat, Mystery Date) with their steps, a reason and chat.
-- Made with SqliteStore and runner.play at that commit, dumped by sqlite3's iterdump;
-- tests/web/test_store_migrations.py loads it into SQLite and PostgreSQL.
BEGIN TRANSACTION;
CREATE TABLE actions (
        room_id TEXT NOT NULL,
        game_no INTEGER NOT NULL,
        idx INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        text TEXT NOT NULL,
        at_ms BIGINT NOT NULL,
        PRIMARY KEY (room_id, game_no, idx)
    );
INSERT INTO "actions" VALUES('oldtaco1',1,0,-1,'draw 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,1,-1,'draw 3',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,2,-1,'draw 12',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,3,-1,'draw 3',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,4,-1,'draw 2',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,5,-1,'draw 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,6,-1,'draw 3',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,7,-1,'draw 11',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,8,-1,'draw 3',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,9,-1,'draw 1',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,10,-1,'draw 9',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,11,-1,'draw 2',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,12,-1,'draw 10',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,13,-1,'draw 11',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,14,0,'replace 3 3 6 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,15,1,'replace 3',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,16,-1,'draw 5',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,17,-1,'draw 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,18,-1,'draw 5',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,19,-1,'draw 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,20,-1,'draw 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,21,0,'duel 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,22,1,'duel 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,23,0,'duel 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,24,1,'duel 2',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,25,0,'attack 12',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,26,1,'sacrifice',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,27,0,'attack 5',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,28,1,'defend 10',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,29,1,'attack 11 11',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,30,0,'sacrifice',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,31,0,'sacrifice',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,32,-1,'draw 3',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,33,-1,'draw 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,34,-1,'draw 4',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,35,-1,'draw 2',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,36,-1,'draw 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,37,-1,'draw 3',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,38,-1,'draw 12',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,39,-1,'draw 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,40,-1,'draw 9',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,41,-1,'draw 5',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,42,-1,'draw 1',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,43,-1,'draw 10',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,44,-1,'draw 3',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,45,-1,'draw 9',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,46,-1,'draw 3',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,47,-1,'draw 11',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,48,-1,'draw 4',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,49,-1,'draw 12',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,50,1,'replace 3 4 5',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,51,-1,'draw 7',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,52,-1,'draw 1',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,53,-1,'draw 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,54,0,'replace 6 6 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,55,-1,'draw 4',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,56,-1,'draw 5',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,57,-1,'draw 5',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,58,0,'duel 5',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,59,1,'duel 7',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,60,1,'attack 9 10 11',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,61,0,'defend 9',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,62,0,'defend 12',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,63,0,'sacrifice',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,64,1,'attack 12',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,65,0,'sacrifice',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,66,1,'attack 3',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,67,0,'defend 4',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,68,0,'attack 5',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,69,1,'defend 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,70,1,'attack 1',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,71,0,'defend 4',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,72,-1,'draw 2',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,73,-1,'draw 4',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,74,-1,'draw 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,75,-1,'draw 4',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,76,-1,'draw 12',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,77,-1,'draw 3',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,78,-1,'draw 5',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,79,-1,'draw 12',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,80,-1,'draw 5',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,81,-1,'draw 7',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,82,-1,'draw 10',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,83,-1,'draw 1',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,84,-1,'draw 3',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,85,-1,'draw 4',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,86,-1,'draw 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,87,-1,'draw 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,88,-1,'draw 9',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,89,-1,'draw 10',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,90,0,'replace 4 4 5 5 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,91,-1,'draw 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,92,-1,'draw 4',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,93,-1,'draw 4',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,94,-1,'draw 5',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,95,-1,'draw 3',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,96,1,'replace 4 6 6 7',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,97,-1,'draw 11',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,98,-1,'draw 8',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,99,-1,'draw 3',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,100,-1,'draw 11',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,101,0,'duel 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,102,1,'duel 3',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,103,0,'attack 12',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,104,1,'sacrifice',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,105,0,'attack 12',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,106,1,'sacrifice',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,107,0,'attack 4',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,108,1,'defend 9',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,109,1,'attack 10 10',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,110,0,'sacrifice',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,111,0,'sacrifice',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,112,1,'attack 11 11',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,113,0,'sacrifice',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,114,0,'sacrifice',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,115,-1,'draw 9',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,116,-1,'draw 11',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,117,-1,'draw 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,118,-1,'draw 5',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,119,-1,'draw 3',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,120,-1,'draw 12',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,121,-1,'draw 5',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,122,-1,'draw 1',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,123,-1,'draw 10',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,124,-1,'draw 9',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,125,-1,'draw 5',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,126,-1,'draw 5',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,127,1,'replace 5 5 5',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,128,-1,'draw 12',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,129,-1,'draw 11',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,130,-1,'draw 3',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,131,0,'replace 5 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,132,-1,'draw 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,133,-1,'draw 3',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,134,0,'duel 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,135,1,'duel 3',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,136,0,'attack 12',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,137,1,'defend 12',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,138,1,'attack 9 10 11',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,139,0,'defend 9',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,140,0,'defend 11',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,141,0,'sacrifice',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,142,-1,'draw 4',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,143,-1,'draw 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,144,-1,'draw 1',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,145,-1,'draw 9',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,146,-1,'draw 5',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,147,-1,'draw 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,148,-1,'draw 4',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,149,-1,'draw 5',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,150,-1,'draw 12',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,151,-1,'draw 3',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,152,-1,'draw 12',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,153,-1,'draw 10',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,154,0,'replace 4 5 6 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,155,-1,'draw 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,156,-1,'draw 11',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,157,-1,'draw 2',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,158,-1,'draw 8',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,159,1,'replace 4 5',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,160,-1,'draw 5',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,161,-1,'draw 3',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,162,0,'duel 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,163,1,'duel 5',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,164,0,'attack 8',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,165,1,'defend 10',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,166,1,'attack 12',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,167,0,'sacrifice',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,168,1,'attack 12',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,169,0,'sacrifice',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,170,1,'attack 3',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,171,0,'defend 11',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,172,-1,'draw 3',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,173,-1,'draw 3',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,174,-1,'draw 11',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,175,-1,'draw 11',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,176,-1,'draw 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,177,-1,'draw 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,178,-1,'draw 12',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,179,-1,'draw 5',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,180,0,'keep',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,181,1,'keep',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,182,0,'duel 3',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,183,1,'duel 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,184,1,'attack 12',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,185,0,'sacrifice',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,186,1,'attack 6',1765000001000);
INSERT INTO "actions" VALUES('oldtaco1',1,187,0,'defend 11',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,0,-1,'draw P1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,1,-1,'draw G2',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,2,-1,'draw G3',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,3,-1,'draw G1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,4,-1,'draw B1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,5,-1,'draw G3',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,6,-1,'reveal G2',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,7,-1,'roll 5',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,8,-1,'draw P1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,9,-1,'draw O1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,10,-1,'roll 2',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,11,-1,'draw O2',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,12,-1,'roll 6',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,13,2,'give G3 to 0',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,14,-1,'pick O1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,15,-1,'roll 1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,16,0,'give P1 to 1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,17,-1,'pick B1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,18,-1,'roll 1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,19,1,'give P1 to 0',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,20,-1,'pick G3',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,21,-1,'roll 4',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,22,-1,'draw G2',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,23,-1,'roll 1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,24,0,'give P1 to 1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,25,-1,'pick G3',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,26,-1,'roll 6',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,27,1,'pile draw',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,28,-1,'draw B3',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,29,-1,'roll 6',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,30,-1,'roll 3',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,31,-1,'draw G1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,32,-1,'roll 1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,33,-1,'draw O1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,34,-1,'roll 3',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,35,2,'give O1 to 1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,36,-1,'pick B3',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,37,-1,'roll 5',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,38,0,'give G1 to 1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,39,-1,'pick O1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,40,-1,'roll 3',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,41,-1,'draw B3',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,42,-1,'draw B1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,43,1,'discard P1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,44,-1,'roll 4',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,45,2,'give B3 to 0',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,46,-1,'pick P1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,47,-1,'roll 4',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,48,0,'give O1 to 2',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,49,-1,'pick G2',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,50,-1,'roll 2',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,51,1,'give G1 to 0',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,52,-1,'pick G3',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,53,-1,'roll 2',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,54,2,'pile draw',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,55,-1,'draw P1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,56,-1,'roll 2',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,57,-1,'draw B2',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,58,-1,'draw O1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,59,0,'discard G1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,60,-1,'roll 5',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,61,-1,'roll 4',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,62,-1,'draw B1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,63,-1,'draw O3',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,64,-1,'roll 5',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,65,-1,'draw B2',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,66,0,'discard B2',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,67,-1,'roll 1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,68,-1,'draw B3',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,69,-1,'draw O3',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,70,1,'discard B3',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,71,1,'discard G2',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,72,-1,'roll 5',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,73,-1,'draw P3',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,74,2,'discard P1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,75,-1,'roll 1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,76,0,'give O1 to 2',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,77,-1,'pick B1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,78,-1,'roll 5',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,79,-1,'draw G3',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,80,1,'discard G3',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,81,-1,'roll 1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,82,2,'give O1 to 1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,83,-1,'pick O2',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,84,-1,'roll 3',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,85,0,'give B1 to 1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,86,-1,'pick B3',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,87,-1,'roll 1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,88,1,'give O1 to 0',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,89,-1,'pick B2',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,90,-1,'roll 3',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,91,2,'give G3 to 0',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,92,-1,'pick G2',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,93,-1,'roll 1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,94,0,'give B3 to 1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,95,-1,'pick O1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,96,-1,'roll 2',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,97,-1,'draw O1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,98,-1,'draw B1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,99,1,'discard B1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,100,1,'discard B1',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,101,-1,'roll 2',1765000001000);
INSERT INTO "actions" VALUES('olddate1',1,102,-1,'door orange',1765000001000);
CREATE TABLE chat (
        room_id TEXT NOT NULL,
        idx INTEGER NOT NULL,
        seat INTEGER,
        name TEXT NOT NULL,
        text TEXT NOT NULL,
        at_ms BIGINT NOT NULL,
        PRIMARY KEY (room_id, idx)
    );
INSERT INTO "chat" VALUES('oldtaco1',0,0,'Ana','¡hola!',1765000002000);
INSERT INTO "chat" VALUES('olddate1',0,0,'Ana','¡hola!',1765000002000);
CREATE TABLE creators (
        room_id TEXT PRIMARY KEY,
        token_hash TEXT NOT NULL
    );
INSERT INTO "creators" VALUES('oldtaco1','cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc');
INSERT INTO "creators" VALUES('olddate1','cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc');
CREATE TABLE games (
        room_id TEXT NOT NULL,
        game_no INTEGER NOT NULL,
        seed BIGINT NOT NULL,
        options TEXT NOT NULL,
        seats TEXT NOT NULL,
        outcome TEXT NOT NULL,
        PRIMARY KEY (room_id, game_no)
    );
INSERT INTO "games" VALUES('oldtaco1',1,11,'{"tie_goes_to_arrow":false,"min_sequence":3}','["Ana","Bot 1"]','{"scores":[0.0,1.0],"winners":[1],"ranks":[2,1],"end_reason":"goal","turns":6,"figures":{"rounds_won":[2,4],"drawn_rounds":0,"rounds":6,"position":7,"goal":"WOW"}}');
INSERT INTO "games" VALUES('olddate1',1,12,'{"door_weights":"1,1,1,1,1","turn_limit":2000}','["Ana","Bot 1","Bot 2"]','{"scores":[0.0,0.0,1.0],"winners":[2],"ranks":[2,2,1],"end_reason":"date","turns":33,"figures":{"outfit":"orange","date":"orange","positions":[31,5,24]}}');
CREATE TABLE reasons (
        room_id TEXT NOT NULL,
        game_no INTEGER NOT NULL,
        idx INTEGER NOT NULL,
        texts TEXT NOT NULL,
        PRIMARY KEY (room_id, game_no, idx)
    );
INSERT INTO "reasons" VALUES('oldtaco1',1,1,'{"es":"Razón de prueba","en":"A test reason"}');
INSERT INTO "reasons" VALUES('olddate1',1,1,'{"es":"Razón de prueba","en":"A test reason"}');
CREATE TABLE rooms (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        players INTEGER NOT NULL,
        options TEXT NOT NULL,
        turn_seconds INTEGER NOT NULL,
        status TEXT NOT NULL,
        game_no INTEGER NOT NULL,
        created_ms BIGINT NOT NULL
    );
INSERT INTO "rooms" VALUES('oldtaco1','tacocat',2,'{}',0,'finished',1,1765000000000);
INSERT INTO "rooms" VALUES('olddate1','mystery_date',3,'{}',0,'finished',1,1765000000000);
CREATE TABLE seats (
        room_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        name TEXT NOT NULL,
        agent TEXT NOT NULL,
        profile TEXT NOT NULL,
        token_hash TEXT NOT NULL,
        PRIMARY KEY (room_id, seat)
    );
INSERT INTO "seats" VALUES('oldtaco1',0,'person','Ana','','null','hhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhh');
INSERT INTO "seats" VALUES('oldtaco1',1,'bot','Bot 1','greedy','null','');
INSERT INTO "seats" VALUES('olddate1',0,'person','Ana','','null','hhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhh');
INSERT INTO "seats" VALUES('olddate1',1,'bot','Bot 1','greedy','null','');
INSERT INTO "seats" VALUES('olddate1',2,'bot','Bot 2','greedy','null','');
COMMIT;
