-- A transaction that writes a row, announcing nothing.
\set user random(1, 10000)
begin;
insert into notify_bench (user_id, data) values (:user, '{"type":"balances.changed"}');
commit;
