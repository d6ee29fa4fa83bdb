#!/usr/bin/env bash
# The admin browser tests' server: Scena's own server on a fresh database in a temporary folder,
# with the admin account and one account that is not the admin.
set -euo pipefail
dir=$(mktemp -d -t scena-e2e-XXXXXX)
export DATABASE_URL="$dir/scena.db" ADMIN_EMAIL="admin@scena.test" HOST=127.0.0.1 PORT="${PORT:-4322}" LOG_LEVEL=warn
ADMIN_PASSWORD='Violet-Studio-Nights-42' npx tsx server/cli.ts create admin@scena.test
ADMIN_PASSWORD='Listener-Of-Beats-77' npx tsx server/cli.ts create fan@scena.test
# Where the database is, by port, for a spec that loads the sample catalogue into it (e2e/admin/language.spec.ts).
printf '%s' "$DATABASE_URL" > "${TMPDIR:-/tmp}/scena-e2e-$PORT.db"
exec npx tsx server/index.ts
