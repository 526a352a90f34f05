#!/bin/sh
# Registers the service's namespace once the server answers (the server image, unlike the former
# auto-setup image, creates none). The worker registers the search attributes itself when it starts.
set -eu
NAMESPACE=${TEMPORAL_NAMESPACE:-default}
HOST=${TEMPORAL_ADDRESS%:*}
PORT=${TEMPORAL_ADDRESS##*:}
# The server binds IPv4 (BIND_ON_IP=0.0.0.0): ask for the host's IPv4 address, as Temporal's own compose scripts do.
ADDRESS="$(getent ahostsv4 "$HOST" | awk 'NR == 1 { print $1 }'):$PORT"
tries=0
until temporal operator cluster health --address "$ADDRESS"; do
  tries=$((tries + 1))
  [ "$tries" -lt 30 ] || { echo "Temporal at $ADDRESS is not healthy"; exit 1; }
  sleep 2
done
temporal operator namespace describe -n "$NAMESPACE" --address "$ADDRESS" >/dev/null 2>&1 ||
  temporal operator namespace create -n "$NAMESPACE" --retention 30d --address "$ADDRESS"
echo "namespace $NAMESPACE is registered"
