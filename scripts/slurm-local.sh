#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for the tests: munged, slurmctld and slurmd
# with a configuration in DIR (nothing under /etc is changed). Needs root and Debian's
# slurm-wlm and munge (scripts/install-deps.sh --test).
#
#   scripts/slurm-local.sh start DIR        prints the SLURM_CONF to export for sbatch and squeue
#   scripts/slurm-local.sh run DIR CMD...   runs CMD with that SLURM_CONF and no signals blocked
#   scripts/slurm-local.sh stop DIR
#
# A parent may hand its children blocked signals (test runners do); Slurm's daemons and
# commands then wait forever. It may also hand them open descriptors it watches for the
# child's end (Foundation's Process does), which daemons would hold for their lifetime.
# So the script first runs itself again with no signal blocked and only 0-2 open.
set -euo pipefail
if [[ -z ${SLURM_LOCAL_CLEAN:-} ]]; then
  export SLURM_LOCAL_CLEAN=1
  exec python3 -c 'import os, signal, sys
signal.pthread_sigmask(signal.SIG_SETMASK, [])
os.closerange(3, os.sysconf("SC_OPEN_MAX"))
os.execvp(sys.argv[1], sys.argv[1:])' bash "$0" "$@"
fi
action=${1:?start or stop}
dir=$(realpath -m "${2:?a folder for the cluster\'s files}")
case $action in
start)
  mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
  chown munge:munge "$dir/munge"
  host=$(hostname -s)
  cpus=$(nproc)
  # Ports away from the defaults, so a real cluster on the machine is not disturbed.
  cat >"$dir/slurm.conf" <<CONF
ClusterName=cutlist-test
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
SlurmctldPort=16817
SlurmdPort=16818
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=main Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
  [[ $(id -u) -eq 0 ]] || { echo "error: the local cluster needs root" >&2; exit 2; }
  # The daemons keep no standard streams: a caller reading this script's output sees its end.
  # Every file munged keeps is in DIR: a machine with no init system has no /run/munge,
  # and the key the package made may be missing or another cluster's.
  [[ -f $dir/munge/munge.key ]] || runuser -u munge -- mungekey --create --keyfile="$dir/munge/munge.key"
  runuser -u munge -- munged --socket="$dir/munge/munge.socket" --key-file="$dir/munge/munge.key" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" \
    --seed-file="$dir/munge/munged.seed" </dev/null >/dev/null 2>&1
  export SLURM_CONF="$dir/slurm.conf"
  slurmctld -f "$SLURM_CONF" </dev/null >/dev/null 2>&1
  slurmd -f "$SLURM_CONF" </dev/null >/dev/null 2>&1
  # Ready when the node takes jobs.
  for _ in $(seq 100); do
    sinfo -h -o %t 2>/dev/null | grep -qE '^(idle|mix|alloc)' && { echo "$SLURM_CONF"; exit 0; }
    sleep 0.2
  done
  echo "error: the local Slurm node did not come up; see $dir/slurmctld.log and $dir/slurmd.log" >&2
  exit 1
  ;;
run)
  shift 2
  SLURM_CONF="$dir/slurm.conf" exec "$@"
  ;;
stop)
  # The daemons were started with this folder's files on their command lines.
  pkill -f "slurm(ctld|d) -f $dir/slurm.conf" || true
  pkill -f "munged --socket=$dir/munge/munge.socket" || true
  ;;
*) echo "usage: $0 start|run|stop DIR" >&2; exit 2 ;;
esac
