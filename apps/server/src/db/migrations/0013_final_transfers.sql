-- A completed transfer whose block is buried under the family's finality depth is final: the
-- watcher stops re-reading it (before, it re-followed every completed transfer for a day).
alter table tasks add column final_at timestamptz;
