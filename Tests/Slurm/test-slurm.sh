#!/usr/bin/env bash
# `make test-slurm`: the README's Slurm job array, run on a real one-node Slurm on this machine.
#
# 1. Starts munged, slurmctld and slurmd (config: Tests/Slurm/slurm.conf.in; state, spool, logs
#    and the munge key in a temporary folder; 2 CPUs; no cgroups) and waits for the node.
# 2. Generates a tree: the Debian real files and Tests/Fixtures/corpus, copied, plus corrupt
#    files (text, empty, truncated, a format 7 header).
# 3. Submits the README's job script with --array=1-4, waits, and checks (check.py) that every
#    input was converted exactly once, every failure is reported once, and `midiroll report`
#    agrees.
# 4. Submits it again over a bigger tree, kills one array task midway (SIGKILL to its midiroll,
#    as the OOM killer or a lost node would: a report without a summary, maybe temporary
#    files), requeues it, and checks that --resume finished it: no input converted twice,
#    each with a result, no temporary file left.
# The daemons it started are stopped on every exit (a trap).
#
# Usage: test-slurm.sh MIDIROLL_BINARY     (run as root: the daemons and the job run as root)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
binary=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
python=${PYTHON:-python3}
ctld_port=${SLURMCTLD_PORT:-16817}
slurmd_port=${SLURMD_PORT:-16818}
host=$(hostname -s)
started=$(date +%s)

say() { echo "test-slurm: [$(($(date +%s) - started)) s] $*"; }
fail() {
  echo "test-slurm: FAILED: $*" >&2
  exit 1
}

[ "$(id -u)" = 0 ] || fail "run as root (slurmd and the job run as root here)"
[ -x "$binary" ] || fail "no midiroll at $binary (make test-slurm builds it)"

work=$(mktemp -d /tmp/midiroll-slurm.XXXXXX)
chmod 755 "$work"
pids=()
cleanup() {
  local status=$?
  set +e
  if [ -n "${SLURM_CONF:-}" ] && [ -e "$SLURM_CONF" ] && scontrol ping >/dev/null 2>&1; then
    scancel --quiet --user="$(id -un)" >/dev/null 2>&1
    for _ in $(seq 1 150); do [ -z "$(squeue -h -o %i 2>/dev/null)" ] && break; sleep 0.2; done
  fi
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do kill "${pids[i]}" 2>/dev/null; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null
  done
  if [ "$status" != 0 ]; then
    for log in "$work"/log/*.log; do
      [ -e "$log" ] || continue
      echo "--- last lines of $log" >&2
      tail -n 15 "$log" >&2
    done
    for out in "$work"/job/*.out; do
      [ -e "$out" ] || continue
      echo "--- $out" >&2
      tail -n 5 "$out" >&2
    done
  fi
  say "daemons stopped"
  rm -rf "$work"
  say "took $(($(date +%s) - started)) s"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Waits until a command succeeds, at most $1 seconds (polling every 0.2 s).
wait_for() {
  local seconds=$1
  shift
  local tries=$((seconds * 5))
  for ((t = 0; t < tries; t++)); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.2
  done
  return 1
}

# --- 1. munge and Slurm -------------------------------------------------------------------
mkdir -p "$work"/{munge,state,spool,run,log,job}
chmod 700 "$work/munge"
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge/munge.key"
munged --force --key-file="$work/munge/munge.key" --socket="$work/munge/munge.socket" \
  --pid-file="$work/run/munged.pid" --log-file="$work/log/munged.log" \
  --seed-file="$work/munge/munge.seed" --foreground &
pids+=($!)
wait_for 20 test -S "$work/munge/munge.socket" || fail "munged did not start"
munge -n -S "$work/munge/munge.socket" | unmunge -S "$work/munge/munge.socket" >/dev/null ||
  fail "munge does not work"

sed -e "s|@HOST@|$host|g" -e "s|@WORK@|$work|g" -e "s|@USER@|$(id -un)|g" \
  -e "s|@CTLD_PORT@|$ctld_port|g" -e "s|@SLURMD_PORT@|$slurmd_port|g" \
  "$here/slurm.conf.in" >"$work/slurm.conf"
: >"$work/plugstack.conf"
export SLURM_CONF=$work/slurm.conf
slurmctld -D -i -f "$SLURM_CONF" >"$work/log/slurmctld.stdout" 2>&1 &
pids+=($!)
wait_for 30 scontrol ping || fail "slurmctld did not answer"
slurmd -D -f "$SLURM_CONF" -N "$host" >"$work/log/slurmd.stdout" 2>&1 &
pids+=($!)
node_idle() { [ "$(sinfo -h -n "$host" -o %t 2>/dev/null)" = idle ]; }
wait_for 60 node_idle || fail "the node did not become idle: $(sinfo -h -n "$host" -o '%t %E')"
say "Slurm is up on $host (2 CPUs) after $(($(date +%s) - started)) s"

# --- 2. the tree ---------------------------------------------------------------------------
# The README's job script, as it is there (the first ```sh block holding #SBATCH).
awk '/^```sh$/ { block = ""; inside = 1; next }
     /^```$/ && inside { if (block ~ /#SBATCH/) { printf "%s", block; exit } inside = 0; next }
     inside { block = block $0 "\n" }' "$repo/README.md" >"$work/midiroll-batch.sh"
grep -q '^midiroll batch' "$work/midiroll-batch.sh" || fail "no job script found in README.md"

real_files=$(dpkg -L openttd-openmsx planetblupi-music-midi 2>/dev/null | grep '\.mid$' || true)
[ -n "$real_files" ] || fail "the Debian real files are missing (make deps installs them)"

# make_tree FOLDER COPIES: COPIES copies of the real files and the corpus, plus corrupt files.
make_tree() {
  local tree=$1 copies=$2 copy
  for ((copy = 1; copy <= copies; copy++)); do
    local folder=$tree/copy$copy
    mkdir -p "$folder/real" "$folder/corrupt"
    for file in $real_files; do cp "$file" "$folder/real/"; done
    cp -r "$repo/Tests/Fixtures/corpus/." "$folder/corpus"
    local n=0
    for file in $real_files; do
      n=$((n + 1))
      [ $((n % 4)) = 0 ] || continue
      head -c 60 "$file" >"$folder/corrupt/cut-$(basename "$file")"
    done
    printf 'this is not a song\n' >"$folder/corrupt/text.mid"
    : >"$folder/corrupt/empty.mid"
    printf 'MThd\0\0\0\6\0\7\0\1\1\340' >"$folder/corrupt/format-7.mid"
    printf '{"not": "a song"}' >"$folder/corrupt/object.mid"
  done
}

# --- 3. the job array over the tree --------------------------------------------------------
# submit TREE OUT: submits the README's script as a 4-task array; prints the job ID.
submit() {
  sbatch --parsable --array=1-4 --cpus-per-task=1 --chdir="$work" \
    --output="$work/job/%A_%a.out" --export=ALL,PATH="$(dirname "$binary"):$PATH" \
    "$work/midiroll-batch.sh" "$1" "$2"
}
array_done() { [ -z "$(squeue -h -j "$1" -o %i 2>/dev/null)" ]; }

make_tree "$work/tree" 1
inputs=$(find "$work/tree" -type f -name '*.mid' | wc -l)
say "tree: $inputs files ($(find "$work/tree/copy1/corrupt" -type f | wc -l) corrupt)"
job=$(submit "$work/tree" "$work/out")
say "submitted job array $job (4 tasks)"
wait_for 300 array_done "$job" || fail "the job array did not end in 300 s"
"$binary" report "$work/out" --json >"$work/report.json" || true
"$binary" report "$work/out" || true
"$python" "$here/check.py" once "$work/tree" "$work/out" "$work/report.json"
say "every input converted once, every failure reported once; midiroll report agrees"

# --- 4. one task killed midway, requeued, resumed ------------------------------------------
make_tree "$work/big" 8
big_inputs=$(find "$work/big" -type f -name '*.mid' | wc -l)
job=$(submit "$work/big" "$work/out-big")
report=$work/out-big/midiroll-report-2-of-4.jsonl
ok_lines() { [ "$(grep -c '"status":"ok"' "$report" 2>/dev/null || echo 0)" -ge "$1" ]; }
wait_for 120 ok_lines 20 || fail "task 2 did not start converting"
# SIGKILL, as the OOM killer or a lost node would: no summary, maybe temporary files left.
# The task's midiroll: the midiroll process whose environment names this array and task.
midiroll_pid=""
for comm in /proc/[0-9]*/comm; do
  [ "$(cat "$comm" 2>/dev/null)" = midiroll ] || continue
  pid=${comm#/proc/}
  pid=${pid%/comm}
  environment=$(tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null || true)
  grep -qx "SLURM_ARRAY_JOB_ID=$job" <<<"$environment" &&
    grep -qx "SLURM_ARRAY_TASK_ID=2" <<<"$environment" && midiroll_pid=$pid
done
[ -n "$midiroll_pid" ] || fail "no midiroll process in task ${job}_2"
kill -KILL "$midiroll_pid"
task_ended() { [ -z "$(squeue -h -j "${job}_2" -t RUNNING,COMPLETING -o %i 2>/dev/null)" ]; }
wait_for 60 task_ended || fail "task ${job}_2 did not end after SIGKILL"
grep -q '"summary"' "$report" && fail "task 2 had finished before it was killed (make the tree bigger)"
killed_at=$(grep -c '"status"' "$report")
say "killed task ${job}_2 after $killed_at of its inputs; requeueing it"
requeued() { scontrol requeue "${job}_2"; }
wait_for 60 requeued || fail "scontrol requeue ${job}_2 failed"
# Slurm holds a requeued job for two minutes before it is eligible again; start it now.
scontrol update JobId="${job}_2" StartTime=now || fail "cannot release the requeued task"
wait_for 300 array_done "$job" || fail "the requeued job array did not end in 300 s"
grep -q '"summary"' "$report" || fail "the requeued task did not finish its report"
"$binary" report "$work/out-big" --json >"$work/report-big.json" || true
"$python" "$here/check.py" resumed "$work/big" "$work/out-big" "$work/report-big.json"
say "the requeued task resumed and finished: $big_inputs inputs, each with one result"
