# Sourced by the peer scripts that compare servers: a scratch folder $work, the servers started
# stopped (and the folder removed) on exit, and `start`.
work=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$work"' EXIT

# Starts a server whose first line is "… listening on URL"; sets $url.
start() {
    mkfifo "$work/fifo"
    "$@" >"$work/fifo" &
    pids+=($!)
    read -r line <"$work/fifo"
    rm "$work/fifo"
    url=${line##* }
}
