#!/usr/bin/env bash
# Installs the app and runs its production build on the embedded defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
# The pinned Node (.node-version) for this script and everything it starts.
source scripts/use-node.sh

bash scripts/ensure-system-deps.sh
bash scripts/install-deps.sh

HOST=${HOST:-127.0.0.1}
PORT=${PORT:-3000}
# Canonical, sitemap, feed and social-card addresses name the server the build will run as,
# unless a public address is given (it is inlined into the build).
site_host=$HOST
if [[ $site_host == 0.0.0.0 || $site_host == "::" ]]; then site_host=127.0.0.1; fi
export NEXT_PUBLIC_SITE_URL=${NEXT_PUBLIC_SITE_URL:-http://$site_host:$PORT}
npm run build
# Where invoices due by transfer are paid (issue 61): the board offers transfer only once its bank
# is set, and every such invoice names it. The sample board's is an example, marked so on each
# invoice; set BILLING_SELLER_BANK to a real account ("IBAN …|BIC …") to take payments.
export BILLING_SELLER_BANK=${BILLING_SELLER_BANK:-"EXAMPLE ONLY: not a real account|Example Bank plc|IBAN GB33 BUKB 2020 1555 5555 55|BIC BUKBGB22"}
# Who moderates listings on the embedded defaults: sign in as this address in the emulator.
export ADMIN_EMAILS=${ADMIN_EMAILS:-moderator@creatorjobs.example}
# The reply inbox (answers by mail to an application's conversation) on 127.0.0.1:1926. It takes an
# answer only when DMARC passes for its From address's domain (docs/deployment.md); on this
# machine you stand in for the mail relay in front of it, whose word it takes. Answer the Reply-To
# of a message shown in MailDev, from the address it was sent to, with the field a relay adds:
#   swaks --server 127.0.0.1:1926 --to 'reply+…' --from you@example.com --body 'Yes!' \
#     --add-header 'Authentication-Results: relay.creatorjobs.test; dmarc=pass header.from=example.com'
# Without that field the answer is bounced, as a forgery would be.
export INBOUND_MAIL_DOMAIN=${INBOUND_MAIL_DOMAIN:-reply.creatorjobs.test}
export INBOUND_SMTP_PORT=${INBOUND_SMTP_PORT:-1926}
export INBOUND_TRUSTED_RELAYS=${INBOUND_TRUSTED_RELAYS:-127.0.0.1}
export INBOUND_RELAY_AUTHSERV_ID=${INBOUND_RELAY_AUTHSERV_ID:-relay.creatorjobs.test}

# A local inbox on the embedded defaults: MailDev takes every message the app sends and shows it
# at http://127.0.0.1:1980/index.html (MailDev 3 answers 404 at /). Its ports are not MailDev's
# usual ones (1025, 1080), which other projects' inboxes tend to hold. With SMTP_URL set, mail goes there instead and no MailDev runs.
MAILDEV_SMTP_PORT=1925
MAILDEV_WEB_PORT=1980
maildev_pid=
stop_maildev() {
  if [[ -n $maildev_pid ]]; then kill "$maildev_pid" 2>/dev/null || true; fi
}
if [[ -z ${SMTP_URL:-} ]]; then
  node_modules/.bin/maildev --ip 127.0.0.1 --web-ip 127.0.0.1 \
    --smtp "$MAILDEV_SMTP_PORT" --web "$MAILDEV_WEB_PORT" --silent &
  maildev_pid=$!
  # A script without job control starts MailDev ignoring Ctrl-C, so it is stopped here, on any
  # exit; INT and TERM become exits so that the EXIT trap runs once the server has stopped.
  trap stop_maildev EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  # Wait until it takes mail: a MailDev that cannot start (a port taken) must not go unnoticed.
  for ((tries = 0; ; tries++)); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$MAILDEV_SMTP_PORT") 2>/dev/null; then break; fi
    if ! kill -0 "$maildev_pid" 2>/dev/null || ((tries >= 100)); then
      echo "MailDev did not start on 127.0.0.1:$MAILDEV_SMTP_PORT (is the port taken?)" >&2
      exit 1
    fi
    sleep 0.1
  done
  export SMTP_URL="smtp://127.0.0.1:$MAILDEV_SMTP_PORT"
  echo "Mail goes to MailDev: the inbox is at http://127.0.0.1:$MAILDEV_WEB_PORT/index.html"
fi

# The Firebase Auth emulator is the identity provider on the embedded defaults; emulators:exec
# starts it, points the server at it (FIREBASE_AUTH_EMULATOR_HOST) and stops it afterwards. One
# already listening on its port (the tests', or an earlier run's) is used as it is: a second
# could not start there.
if node -e 'fetch("http://127.0.0.1:9199/").then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))'; then
  echo "Signing in through the Firebase Auth emulator already listening on 127.0.0.1:9199"
  FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9199 HOST=$HOST PORT=$PORT exec npm start
fi
HOST=$HOST PORT=$PORT npx firebase emulators:exec --only auth --project demo-creator-jobs \
  "npm start"
