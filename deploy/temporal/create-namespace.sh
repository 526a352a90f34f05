#!/bin/sh
# Registers the service's namespace once the server answers (the server image, unlike the former
# auto-setup image, creates none). The worker registers the search attributes itself when it starts.
set -eu
NAMESPACE=${TEMPORAL_NAMESPACE:-default}
until temporal operator cluster health --address "$TEMPORAL_ADDRESS"; do sleep 2; done
temporal operator namespace describe -n "$NAMESPACE" --address "$TEMPORAL_ADDRESS" >/dev/null 2>&1 ||
  temporal operator namespace create -n "$NAMESPACE" --retention 30d --address "$TEMPORAL_ADDRESS"
echo "namespace $NAMESPACE is registered"
