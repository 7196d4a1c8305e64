# Shared by scripts/match-local and scripts/tournament-local (sourced, not run): starts local players in the
# background, waits for them and stops them when the calling script exits.
#
# Fairness: players that share a machine must not steal each other's processor time, or one of them answers
# late and loses moves to its fallback. So each player searches with THREADS threads (default 1) and, where
# taskset exists (Linux), is pinned to a processor of its own, taken round-robin from those this script may
# use (PIN=0 turns pinning off). With more players than processors some share one: give them THREADS=1.
# The gamemaster itself is not pinned; it needs little processor time.

pids=()
cpus=()
if [ "${PIN:-1}" = 1 ] && command -v taskset >/dev/null 2>&1 && command -v nproc >/dev/null 2>&1; then
    # The processors this process may run on (a container or cgroup may allow fewer than the machine has).
    read -r -a cpus <<<"$(taskset -cp $$ | sed 's/.*: //' | awk -F, '{
        for (i = 1; i <= NF; i++) { n = split($i, r, "-"); if (n == 1) r[2] = r[1]; for (c = r[1]; c <= r[2]; c++) printf "%d ", c }
    }')"
fi

stop_players() {
    for pid in ${pids[@]+"${pids[@]}"}; do kill "$pid" 2>/dev/null || true; done
    for pid in ${pids[@]+"${pids[@]}"}; do wait "$pid" 2>/dev/null || true; done
}
trap stop_players EXIT

# start_player PORT LOG_FILE [serve options...]: one `ratchet serve` in the background, pinned if possible.
start_player() {
    local port="$1" log="$2"
    shift 2
    local pin=()
    if [ ${#cpus[@]} -gt 0 ]; then
        pin=(taskset -c "${cpus[$(( ${#pids[@]} % ${#cpus[@]} ))]}")
    fi
    # Each player's status page on its GGP port + 100 (one port cannot serve two players).
    ${pin[@]+"${pin[@]}"} "$root/scripts/ratchet" serve --port "$port" --threads "${THREADS:-1}" \
        --status-port "$((port + 100))" "$@" >"$log" 2>&1 &
    pids+=($!)
    echo "$(basename "$0"): player on localhost:$port${pin[*]:+ (${pin[*]})}, status page http://127.0.0.1:$((port + 100))/, log $log"
}

wait_for_port() {
    for _ in $(seq 1 150); do
        if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
        sleep 0.2
    done
    echo "$(basename "$0"): no player came up on port $1 (see its log)" >&2
    return 1
}
