-- The first outbox: the lock, the insert and the NOTIFY as three statements (three round trips
-- under the lock). Kept for the comparison in decision 022.
\set user random(1, 10000)
begin;
select pg_advisory_xact_lock(7310451028);
insert into notify_bench (user_id, data) values (:user, '{"type":"balances.changed"}');
select pg_notify('tery_live', '{"events":[{"id":1,"type":"balances.changed"}]}');
commit;
