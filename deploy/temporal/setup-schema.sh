#!/bin/sh
# Creates Temporal's two PostgreSQL databases on first start and brings their schemas to the version
# this admin-tools image carries: run at every `docker compose up`, it is also how a Temporal upgrade
# migrates the schema (update-schema applies only the versions not yet applied).
set -eu
# The password comes from SQL_PASSWORD, which the tool reads itself (never on a command line).
SQL="temporal-sql-tool --plugin postgres12 --ep ${POSTGRES_SEEDS} -p ${DB_PORT} -u ${POSTGRES_USER}"
SCHEMAS=/etc/temporal/schema/postgresql/v12

for pair in temporal:temporal temporal_visibility:visibility; do
  db=${pair%%:*}
  dir=${pair##*:}
  # A database that already exists keeps its schema; only a new one gets the base schema.
  if $SQL --db "$db" create; then
    $SQL --db "$db" setup-schema -v 0.0
  fi
  $SQL --db "$db" update-schema -d "$SCHEMAS/$dir/versioned"
done
echo "Temporal schemas are current"
