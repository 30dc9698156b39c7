-- Up Migration
-- The version of each projection's code that built its live tables (projections/versions.ts). A process
-- whose projection declares another version rebuilds that read model before it serves, or refuses to
-- start with AUTO_REBUILD=off. Written when a projection's tables are first created and by a rebuild's
-- switch, in the switch's own transaction.
CREATE TABLE IF NOT EXISTS projection_versions (
  name text PRIMARY KEY,
  version integer NOT NULL,
  built_at timestamptz NOT NULL DEFAULT now()
);
-- Every read model built before projections declared versions was built by their version 1.
INSERT INTO projection_versions (name, version)
SELECT name, 1 FROM projection_checkpoints
ON CONFLICT (name) DO NOTHING;
