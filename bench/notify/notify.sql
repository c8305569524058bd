-- The same transaction with a NOTIFY: its commit takes the cluster-wide notify lock.
\set user random(1, 10000)
begin;
insert into notify_bench (user_id, data) values (:user, '{"type":"balances.changed"}');
select pg_notify('tery_live', '{"events":[{"id":1,"type":"balances.changed"}]}');
commit;
