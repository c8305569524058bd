-- What the live outbox does (server/db/live-outbox.ts): in one statement, the live-order lock,
-- the event and the NOTIFY, so the lock is held for that statement and the commit only.
\set user random(1, 10000)
begin;
with lock as (select pg_advisory_xact_lock(7310451028)),
  added as (
    insert into notify_bench (user_id, data)
    select :user, '{"type":"balances.changed"}' from lock
    returning id)
select pg_notify('tery_live', json_build_object('events', json_agg(id))::text) from added;
commit;
