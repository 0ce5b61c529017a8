-- Fund-purpose tags (§3 Transfer tag; §7 label calls): per space, categories holding labels.
-- System entries (source 1) are written for each space on first use; custom ones (source 2) by its
-- admins. Status 1 enabled, 2 disabled, -2 deleted (kept: transfers still name them). Names are
-- unique per space among entries not deleted, whatever their case.
create table label_categories (
  id bigint generated always as identity primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  code text not null,
  name text not null,
  source smallint not null,
  status smallint not null default 1,
  updated_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index label_categories_name on label_categories (organization_id, lower(name))
  where status <> -2;

create table labels (
  id bigint generated always as identity primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  category_id bigint not null references label_categories (id),
  code text not null,
  name text not null,
  source smallint not null,
  status smallint not null default 1,
  updated_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index labels_name on labels (organization_id, lower(name)) where status <> -2;
create index labels_category on labels (category_id);

-- A transfer's fund purpose, and every change of it (who, when, from what).
alter table tasks add column label_id bigint references labels (id);
create index tasks_label on tasks (organization_id, label_id) where label_id is not null;

create table label_records (
  id bigint generated always as identity primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  task_id bigint not null references tasks (id) on delete cascade,
  label_id bigint references labels (id),
  previous_label_id bigint references labels (id),
  user_id bigint references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index label_records_task on label_records (task_id, id);
create index label_records_user on label_records (organization_id, user_id, id desc);
