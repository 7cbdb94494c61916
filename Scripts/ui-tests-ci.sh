#!/usr/bin/env bash
# The CI recipe for an app's UI tests against checkout-sim, as the README shows it ("Parallel UI
# tests", "In CI"): build the server once, start it, wait for /healthz, run the given test command
# with CHECKOUT_SIM_URL set, stop the server by its PID, replay Scenarios/ with a JUnit report.
# CHECKOUT_SIM names a built binary (then nothing is built); CHECKOUT_SIM_PORT the port (4000).
# Usage: Scripts/ui-tests-ci.sh xcodebuild test -scheme ShopUITests -destination 'platform=iOS Simulator,name=iPhone 15'
set -euo pipefail
port=${CHECKOUT_SIM_PORT:-4000}
sim=${CHECKOUT_SIM:-.build/release/checkout-sim}
mkdir -p build
[ -n "${CHECKOUT_SIM:-}" ] || swift build -c release --product checkout-sim         # build once
"$sim" serve --port "$port" --quiet --record build/ui-tests.scenario &            # start the binary
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do                                                          # wait for /healthz
    curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break
    sleep 0.1
done
status=0
CHECKOUT_SIM_URL="http://127.0.0.1:$port" "$@" || status=$?                        # run the UI tests
kill "$server" && wait "$server"                                                   # stop by PID
trap - EXIT
"$sim" run Scenarios --junit build/scenarios.xml || status=$?                       # replay, with a JUnit report
exit "$status"
