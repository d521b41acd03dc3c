#!/bin/sh
# Run once by the postgres image when it makes its data folder (mounted into
# /docker-entrypoint-initdb.d by compose.yaml): the site's own role and a database it owns. The
# site connects as that role, never as the superuser; owning its database is all the migrations
# need (btree_gist is a trusted extension). psql fills in :"name" and :'password' quoted, so any
# characters are safe in them.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v name="$SITE_DB_USER" -v password="$SITE_DB_PASSWORD" -v database="$SITE_DB_NAME" <<'SQL'
CREATE ROLE :"name" LOGIN PASSWORD :'password';
CREATE DATABASE :"database" OWNER :"name";
SQL
