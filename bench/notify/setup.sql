-- A scratch table like live_events, for the commit-rate figures of decision 022.
create table if not exists notify_bench (id bigserial primary key, user_id int, data jsonb not null);
