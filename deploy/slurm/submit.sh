#!/usr/bin/env bash
# Renders a Cutlist project on a Slurm cluster: `render split` into a job folder on
# storage every node sees, an array job with one task per part (chunk.sbatch), and a
# join job that starts when all of them have succeeded (join.sbatch). Prints the job ids.
#
#   deploy/slurm/submit.sh PROJECT.yaml JOBDIR OUT.mp4 [TASKS] [sbatch options...]
#
# RENDER names the render binary on the nodes (default: render on the PATH). A task
# that fails can be run again (scontrol requeue, or sbatch --array=K chunk.sbatch):
# its chunks land atomically and finished ones are not rendered again.
set -euo pipefail
[[ $# -ge 3 ]] || { sed -n '2,10p' "$0"; exit 2; }
project=$1 job=$2 out=$3 tasks=${4:-8}
shift $(($# < 4 ? $# : 4))
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export RENDER="${RENDER:-render}" JOB="$(realpath -m "$job")" OUT="$(realpath -m "$out")"
count=$("$RENDER" split "$project" -o "$JOB" --tasks "$tasks")
array=$(sbatch --parsable --array="0-$((count - 1))" --export=ALL --chdir="$JOB" "$@" "$here/chunk.sbatch")
join=$(sbatch --parsable --dependency="afterok:$array" --export=ALL --chdir="$JOB" "$@" "$here/join.sbatch")
echo "array job $array ($count tasks), join job $join"
